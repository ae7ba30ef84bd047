/** An http-errors style error with a 4xx status (as thrown by `send` and `serve-static`), or null. */
export function clientErrorOf(error: unknown): { status: number; headers: Record<string, string>; message: string } | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode, headers, message } = error as { status?: unknown; statusCode?: unknown; headers?: unknown; message?: unknown };
  const code = typeof status === "number" ? status : statusCode;
  if (typeof code !== "number" || code < 400 || code > 499) return null;
  const safeHeaders: Record<string, string> = {};
  if (typeof headers === "object" && headers !== null) {
    for (const [name, value] of Object.entries(headers)) if (typeof value === "string") safeHeaders[name] = value;
  }
  return { status: code, headers: safeHeaders, message: typeof message === "string" ? message : "Bad request" };
}

/**
 * A response the client stopped waiting for: Express reports a file whose download the client aborted (a page left
 * while its favicon or a file was still coming) as an error with this code. Nothing is wrong on the server's side,
 * and there is no one left to answer.
 */
export function isClientAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ECONNABORTED";
}
