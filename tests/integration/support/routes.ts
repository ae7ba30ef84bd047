import type { TestPlatform } from "./platform.ts";

export type BackRoute = { method: string; path: string };

/** Every endpoint of the /back Hono app, once per method and path (middleware and wildcards left out). */
export function backRoutes(platform: TestPlatform): BackRoute[] {
  const seen = new Map<string, BackRoute>();
  for (const route of platform.back.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** The names of a route's path parameters (":id" -> "id"). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** The route's path with each parameter replaced by the (already URL-encoded) value given for it. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => values[name] ?? "");
}
