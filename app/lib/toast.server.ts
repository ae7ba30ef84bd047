import { redirect } from "react-router";
import { z } from "zod";
import { readCookie } from "./cookies.server";

export const TOAST_COOKIE = "toast";
export const TOAST_TYPES = ["success", "error", "info", "warning", "default"] as const;
export const TOAST_POSITIONS = ["top-right", "top", "top-left", "bottom-right", "bottom", "bottom-left"] as const;

export const ToastSchema = z.object({
  type: z.enum(TOAST_TYPES).default("default"),
  message: z.string().max(500),
  position: z.enum(TOAST_POSITIONS).default("bottom-right"),
  id: z.string().default(() => Math.random().toString(36).slice(2)),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

/** A flash toast: set by an action, read and cleared by the next page render (works without JS). */
export function toastCookie(toast: ToastInput): string {
  const value = Buffer.from(JSON.stringify(ToastSchema.parse(toast))).toString("base64url");
  return `${TOAST_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

export function readToast(request: Request): { toast: Toast | null; clearCookie: string | null } {
  const raw = readCookie(request, TOAST_COOKIE);
  if (!raw) return { toast: null, clearCookie: null };
  const clearCookie = `${TOAST_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { toast: parsed.success ? parsed.data : null, clearCookie };
  } catch {
    return { toast: null, clearCookie };
  }
}

export function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}
