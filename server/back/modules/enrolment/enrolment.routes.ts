import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";

/** The enrolment endpoints of the learning journey (mounted under /back/api). */
export const enrolmentRoutes = new Hono<BackEnv>();
