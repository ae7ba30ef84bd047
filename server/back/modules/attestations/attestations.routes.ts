import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";

/** The attestations endpoints of the learning journey (mounted under /back/api). */
export const attestationsRoutes = new Hono<BackEnv>();
