import { Hono } from "hono";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { sessionUserPayload } from "./user.service.ts";

export const userRoutes = new Hono<BackEnv>();

register(userRoutes, platformEndpoints.currentUser, async (_c, { ctx }) => ok(await sessionUserPayload(ctx)));

register(userRoutes, platformEndpoints.isLogged, async (_c, { caller }) => ok({ loggedIn: caller !== null }));
