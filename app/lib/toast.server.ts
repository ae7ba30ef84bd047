import { redirect } from "react-router";
import { readCookie } from "./cookies.server";
import { z } from "zod";
import { DEFAULT_TOAST_POSITION, TOAST_POSITIONS, TOAST_TYPES, type Toast, type ToastInput } from "./toast";

/** The flash cookie's toast, checked when read back. */
const ToastSchema: z.ZodType<Toast, ToastInput> = z.object({
  type: z.enum(TOAST_TYPES).default("default"),
  message: z.string().max(500),
  position: z.enum(TOAST_POSITIONS).default(DEFAULT_TOAST_POSITION),
  id: z.string().default(() => Math.random().toString(36).slice(2)),
});

export type { Toast, ToastInput };

export const TOAST_COOKIE = "toast";

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

/** The headers of an answer that carries a flash toast (added to `init`'s own). */
export function withToast(toast: ToastInput, init: HeadersInit = {}): Headers {
  const headers = new Headers(init);
  headers.append("Set-Cookie", toastCookie(toast));
  return headers;
}

/** The way an action says how it went: back to a page, with a flash toast. */
export function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  return redirect(url, { ...init, headers: withToast(toast, init.headers) });
}
