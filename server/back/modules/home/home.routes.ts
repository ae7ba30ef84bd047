import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { getFeaturedTrainings } from "./home.service.ts";

export const homeRoutes = new Hono<BackEnv>();

/** GET /back/api/home/featured: the trainings the home page shows, for the brand of the host. */
homeRoutes.get("/home/featured", async (c) => success(c, await getFeaturedTrainings(c.var.deps.db, c.var.brand)));
