import { Hono } from "hono";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import type { BackEnv } from "../../context.ts";
import { failure } from "../../http/envelope.ts";
import { ok, register } from "../../http/register.ts";
import { pingDatabase } from "./health.repository.ts";

export const healthRoutes = new Hono<BackEnv>();

register(healthRoutes, platformEndpoints.health, async (c) => {
  const started = performance.now();
  let database = false;
  try {
    await pingDatabase(c.get("deps").db);
    database = true;
  } catch (error) {
    c.get("logger").error({ err: error }, "health check: database unreachable");
  }
  const data = { database, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  return database ? ok(data, c.get("t")("healthy")) : failure(c, 503, c.get("t")("unhealthy"), data);
});
