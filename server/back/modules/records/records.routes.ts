import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";

/** The records endpoints of the learning journey (mounted under /back/api). */
export const recordsRoutes = new Hono<BackEnv>();
