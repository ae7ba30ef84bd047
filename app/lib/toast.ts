/**
 * What a toast is, for the server (the flash cookie, toast.server.ts) and the browser (the list, ui/toast-store.ts):
 * one set of types and positions (the schema that checks the cookie is toast.server.ts's: zod stays out of the
 * browser's first load).
 */
export const TOAST_TYPES = ["success", "error", "info", "warning", "default"] as const;
export const TOAST_POSITIONS = ["top-right", "top", "top-left", "bottom-right", "bottom", "bottom-left"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
export const DEFAULT_TOAST_POSITION: ToastPosition = "bottom-right";

/** A toast as the server sends it (flash cookie, root data). */
export type Toast = { type: ToastType; message: string; position: ToastPosition; id: string };
/** What code gives to show one: a message, the rest optional (`duration` only in the browser). */
export type ToastInput = { type?: ToastType; message: string; position?: ToastPosition; id?: string; duration?: number };
