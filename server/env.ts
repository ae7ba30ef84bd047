import { z } from "zod";
import { DEFAULT_PASSWORD_HASH_COST } from "./back/modules/auth/password.ts";
import { GENERATED_SECRETS, loadOrCreateSecrets, type GeneratedSecretName } from "./secrets.ts";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().optional(),
  PGLITE_DIR: z.string().default("data/pglite"),
  /** Where the embedded database runs: "child", its own process behind the PostgreSQL protocol (ADR 0093), or "inline". */
  PGLITE_PROCESS: z.enum(["child", "inline"]).default("child"),
  DATA_DIR: z.string().default("data"),
  /**
   * Where uploaded files are kept (ADR 0120, 0139): "local" under DATA_DIR, "database" in the stored_files table, "s3"
   * in the bucket of S3_URL; every instance sees the last two. Unset: "s3" with S3_URL, else "database" with
   * DATABASE_URL, else "local".
   */
  FILE_STORE: z.enum(["local", "database", "s3"]).optional(),
  /** An S3-compatible bucket: http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[?region=REGION] (server/storage/s3-file-store.ts). */
  S3_URL: z.string().optional(),
  BACK_URL: z.string().url().optional(),
  /** Unset: generated at first start and kept in DATA_DIR/secrets.json (server/secrets.ts). */
  APP_SECRET: z.string().min(16).optional(),
  BRAND_HOSTS: z.string().default("localhost=fr,be.localhost=be,es.localhost=es"),
  PUBLIC_URL_SCHEME: z.enum(["http", "https"]).default("http"),
  /** The port browsers use, for links in mails; unset: the listening port (or, behind a trusted proxy, the forwarded one). */
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("no-reply@localhost"),
  REALTIME_DRIVER: z.enum(["embedded", "pusher"]).default("embedded"),
  PUSHER_APP_ID: z.string().default("app-id"),
  PUSHER_APP_KEY: z.string().default("app-key"),
  PUSHER_APP_SECRET: z.string().min(16).optional(),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_TLS: z.enum(["true", "false"]).default("false"),
  /** Open websockets one client address may hold (TRUST_PROXY decides which address counts). */
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** The page cache (server/web/page-cache.ts, ADR 0015 and 0091): "off" disables it; guest page TTL in milliseconds. */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Parts of pages every visitor with the same data shares, rendered once (ADR 0140): "off" renders them every time,
   * "check" (the test servers) renders them every time and fails a page whose part differs from the kept one.
   */
  SHARED_FRAGMENTS: z.enum(["on", "off", "check"]).default("on"),
  /**
   * A page whose loaders read the same data as a document rendered before is sent that document (ADR 0142): "off"
   * renders every time, "check" (the test servers) renders every time and fails a page that differs from the kept one.
   */
  REUSED_DOCUMENTS: z.enum(["on", "off", "check"]).default("on"),
  /**
   * Logged-in pages (ADR 0091): kept while the page data version is unchanged, at most this long (what only the
   * clock changes); 0 turns them off. Entries: pages kept at most, about 100 KB each.
   */
  SESSION_PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  SESSION_PAGE_CACHE_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * scrypt's cost (N) of the passwords set from now on, a power of two from 1,024 to 1,048,576 (server/back/modules/
   * auth/password.ts): each hash keeps its own, so a change applies to new passwords. The test servers take 1,024,
   * 16 times less CPU a login; production keeps the default.
   */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1_048_576)
    .refine((n) => (n & (n - 1)) === 0, "a power of two")
    .default(DEFAULT_PASSWORD_HASH_COST),
  /** How often each instance asks whether a scheduled job's turn has come (server/jobs/scheduler.ts); 0: never. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Benchmarks only: counts SQL statements and serves the total at GET /__bench/sql-statements. */
  BENCH_SQL_COUNT: z.enum(["on", "off"]).default("off"),
  /**
   * Card payments (ADR 0031, 0045, 0100): the built-in sandbox (test cards, no money taken), or SystemPay/Lyra (then
   * SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY). Unset: the sandbox, except in production, which must name it.
   */
  PAYMENT_PROVIDER: z.enum(["sandbox", "systempay"]).optional(),
  /** vads_site_id of the SystemPay shop (8 digits). */
  SYSTEMPAY_SHOP_ID: z
    .string()
    .regex(/^\d{8}$/, "8 digits")
    .optional(),
  /** The form API key of the mode (test or production key of the back office): signs the payment form and the IPN. */
  SYSTEMPAY_KEY: z.string().optional(),
  /** vads_ctx_mode: TEST until the shop goes live. */
  SYSTEMPAY_MODE: z.enum(["TEST", "PRODUCTION"]).default("TEST"),
  /** Where the payment form is posted. */
  SYSTEMPAY_PAYMENT_URL: z.string().url().default("https://paiement.systempay.fr/vads-payment/"),
  /** REST V4 notifications only: the REST password (key of the IPN's kr-hash). */
  SYSTEMPAY_PASSWORD: z.string().optional(),
});

export type Env = Omit<z.infer<typeof EnvSchema>, GeneratedSecretName> & Record<GeneratedSecretName, string>;
export type PaymentProviderName = NonNullable<Env["PAYMENT_PROVIDER"]>;

export type ReadEnvOptions = {
  /** Told which secrets were just generated (first start), and where they are kept. */
  onGenerated?: (names: GeneratedSecretName[], file: string) => void;
};

/** The validated environment; secrets it lacks come from (or are generated into) DATA_DIR/secrets.json. */
export function readEnv(source: Record<string, string | undefined> = process.env, options: ReadEnvOptions = {}): Env {
  // An empty variable (`BACK_URL=` in a shell or compose file) means "unset", not an invalid value.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const missing = GENERATED_SECRETS.filter((name) => result.data[name] === undefined);
  const secrets = loadOrCreateSecrets(result.data.DATA_DIR, missing);
  if (secrets.generated.length > 0) options.onGenerated?.(secrets.generated, secrets.file);
  return { ...result.data, ...secrets.values } as Env;
}

/**
 * Who takes card payments (issue 28 item 5, ADR 0100); the platform refuses to start when this throws. Production
 * names the provider: the sandbox accepts a public test card, so it is never chosen there by default. SystemPay
 * without its shop id and key is refused rather than replaced by the sandbox. Elsewhere (development, tests) unset
 * means the sandbox.
 */
export function cardPaymentProvider(env: Pick<Env, "NODE_ENV" | "PAYMENT_PROVIDER" | "SYSTEMPAY_SHOP_ID" | "SYSTEMPAY_KEY">): PaymentProviderName {
  if (env.PAYMENT_PROVIDER === "systempay" && (!env.SYSTEMPAY_SHOP_ID || !env.SYSTEMPAY_KEY)) {
    throw new Error("PAYMENT_PROVIDER=systempay needs SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY (the back office's shop id and test or production key)");
  }
  if (env.PAYMENT_PROVIDER === undefined && env.NODE_ENV === "production") {
    throw new Error(
      "PAYMENT_PROVIDER is not set: in production, name who takes card payments: PAYMENT_PROVIDER=systempay (with SYSTEMPAY_SHOP_ID and SYSTEMPAY_KEY), or PAYMENT_PROVIDER=sandbox (test cards, no money taken: a demo only)",
    );
  }
  return env.PAYMENT_PROVIDER ?? "sandbox";
}
