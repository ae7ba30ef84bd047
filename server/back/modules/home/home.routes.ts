import { Hono } from "hono";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { getFeaturedTrainings } from "./home.service.ts";

export const homeRoutes = new Hono<BackEnv>();

register(homeRoutes, platformEndpoints.featured, async (c, { ctx }) => ok(await getFeaturedTrainings(ctx)));
