import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().optional(),
  PGLITE_DIR: z.string().default("data/pglite"),
  DATA_DIR: z.string().default("data"),
  BACK_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(16).default("development-secret-change-me-please"),
  BRAND_HOSTS: z.string().default("localhost=fr,be.localhost=be,es.localhost=es"),
  PUBLIC_URL_SCHEME: z.enum(["http", "https"]).default("http"),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Formapharm <no-reply@formapharm.test>"),
  REALTIME_DRIVER: z.enum(["embedded", "pusher"]).default("embedded"),
  PUSHER_APP_ID: z.string().default("app-id"),
  PUSHER_APP_KEY: z.string().default("app-key"),
  PUSHER_APP_SECRET: z.string().default("app-secret"),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_TLS: z.enum(["true", "false"]).default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** Guest page micro-cache (server/web/guest-page-cache.ts): "off" disables it; TTL in milliseconds. */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Benchmarks only: counts SQL statements and serves the total at GET /__bench/sql-statements. */
  BENCH_SQL_COUNT: z.enum(["on", "off"]).default("off"),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (`BACK_URL=` in a shell or compose file) means "unset", not an invalid value.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
