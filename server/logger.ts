import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    level,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "headers.cookie", "*.passwordHash"],
      censor: "[redacted]",
    },
  });
}
