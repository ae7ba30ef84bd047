/**
 * Client-side toast list (browser only). Flash toasts from the server enter it after hydration;
 * code can add more with `showToast`. The server never touches this module-level state.
 */
import { DEFAULT_TOAST_POSITION, TOAST_POSITIONS, type ToastInput, type ToastPosition, type ToastType } from "~/lib/toast";

export { DEFAULT_TOAST_POSITION, TOAST_POSITIONS, type ToastInput, type ToastPosition, type ToastType };
export const TOAST_DURATION_MS = 3000;

export type ToastItem = {
  id: string;
  message: string;
  type: ToastType;
  position: ToastPosition;
  /** Milliseconds before it leaves by itself (paused while hovered or focused). */
  duration: number;
};

let toasts: ToastItem[] = [];
const dismissed = new Set<string>();
const listeners = new Set<() => void>();
const EMPTY: ToastItem[] = [];

function emit() {
  for (const listener of listeners) listener();
}

export function normaliseToast(input: ToastInput): ToastItem {
  return {
    id: input.id ?? Math.random().toString(36).slice(2),
    message: input.message,
    type: input.type ?? "default",
    position: input.position ?? DEFAULT_TOAST_POSITION,
    duration: input.duration ?? TOAST_DURATION_MS,
  };
}

/** Shows a toast; returns its id. A toast already shown or dismissed (same id) is not shown again. */
export function showToast(input: ToastInput): string {
  const toast = normaliseToast(input);
  if (dismissed.has(toast.id) || toasts.some((t) => t.id === toast.id)) return toast.id;
  toasts = [...toasts, toast];
  emit();
  return toast.id;
}

export function dismissToast(id: string) {
  dismissed.add(id);
  if (!toasts.some((t) => t.id === id)) return emit();
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function isToastDismissed(id: string): boolean {
  return dismissed.has(id);
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getToasts = () => toasts;
export const getServerToasts = () => EMPTY;
