import { readEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { startPlatform } from "./platform.ts";

let generated: { names: string[]; file: string } | undefined;
const env = readEnv(process.env, { onGenerated: (names, file) => (generated = { names, file }) });
const logger = createLogger(env.LOG_LEVEL);
if (generated) {
  logger.warn({ secrets: generated.names, file: generated.file }, "secrets were not configured: generated random ones, kept for the next starts");
  console.log(`Generated ${generated.names.join(", ")} (kept in ${generated.file}, readable by this user only).`);
}

try {
  const platform = await startPlatform({ env, logger });
  logger.info({ url: platform.url, database: platform.database.kind }, "platform ready");
  console.log(`Platform ready on ${platform.url}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // platform.close() cuts requests still running after 10 s, then closes the database (a checkpoint of the
    // embedded one can take seconds on a busy disk); this only guards against a hang.
    const force = setTimeout(() => process.exit(1), 60_000).unref();
    await platform.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
} catch (error) {
  logger.fatal({ err: error }, "start-up failed");
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
