import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";

/** The flow endpoints of the learning journey (mounted under /back/api). */
export const flowRoutes = new Hono<BackEnv>();
