import { z } from "zod";

/** GET /health (also the `data` of its 503). */
export const HealthSchema = z.strictObject({ database: z.boolean(), latencyMs: z.number() });
