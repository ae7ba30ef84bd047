/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a dropped connection), as
 * opposed to a fault of the query: such a request is answered 503 "try again in a moment", never 500 (ADR 0122).
 */

/** SQLSTATE classes 08 (connection exception) and 57P01-57P03 (the server is shutting down or starting up). */
const CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
/** What Node's sockets say when the server is gone. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** What `pg` says when a connection ends under a query, or the pool cannot open one in time. */
const POOL_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
];

/** True when the error, or one it wraps (Drizzle wraps the driver's in `cause`), is a lost or refused connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && POOL_MESSAGES.some((text) => message.startsWith(text))) return true;
    // AggregateError (a host name with several addresses, all refused).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
