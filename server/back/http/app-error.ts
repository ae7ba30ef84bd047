import type { MessageKey } from "../i18n/messages.ts";

export type FieldErrors = Record<string, string[]>;

const STATUS_BY_CODE = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CSRF_MISMATCH: 419,
  VALIDATION: 422,
  RATE_LIMITED: 429,
  NOT_IMPLEMENTED: 501,
  /** The database or the file store cannot be reached now: try again in a moment (ADR 0122). */
  SERVICE_UNAVAILABLE: 503,
  /** The file store is full. */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/**
 * The one error type services throw. The message is a key translated in the caller's
 * locale (with values), or a literal text already translated by the service.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    readonly messageKey: MessageKey,
    readonly options: { values?: Record<string, string | number>; data?: unknown; fields?: FieldErrors; cause?: unknown } = {},
  ) {
    super(messageKey, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = STATUS_BY_CODE[code];
  }
}
