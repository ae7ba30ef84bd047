import { z } from "zod";

/**
 * What a toast is, for the server (the flash cookie, toast.server.ts) and the browser (the list, ui/toast-store.ts):
 * one set of types and positions, one schema.
 */
export const TOAST_TYPES = ["success", "error", "info", "warning", "default"] as const;
export const TOAST_POSITIONS = ["top-right", "top", "top-left", "bottom-right", "bottom", "bottom-left"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
export const DEFAULT_TOAST_POSITION: ToastPosition = "bottom-right";

export const ToastSchema = z.object({
  type: z.enum(TOAST_TYPES).default("default"),
  message: z.string().max(500),
  position: z.enum(TOAST_POSITIONS).default(DEFAULT_TOAST_POSITION),
  id: z.string().default(() => Math.random().toString(36).slice(2)),
});
/** A toast as the server sends it (flash cookie, root data). */
export type Toast = z.infer<typeof ToastSchema>;
/** What code gives to show one: a message, the rest optional (`duration` only in the browser). */
export type ToastInput = z.input<typeof ToastSchema> & { duration?: number };
