import { describe, expect, test } from "vitest";
import { readEnv } from "../../env.ts";
import { parseBrandHosts } from "#core/branding/resolve-brand.ts";
import { parseHost, publicOrigin } from "./request-host.ts";

describe("parseHost", () => {
  test("takes a host name or bracketed IPv6 with an optional port 1-65535", () => {
    expect(parseHost("localhost:3000")).toEqual({ hostname: "localhost", port: 3000 });
    expect(parseHost("ES.Localhost")).toEqual({ hostname: "es.localhost", port: null });
    expect(parseHost("[::1]:8080")).toEqual({ hostname: "[::1]", port: 8080 });
    expect(parseHost("be.localhost, proxy.internal")).toEqual({ hostname: "be.localhost", port: null });
  });

  test("refuses anything that could change a URL's authority or path", () => {
    for (const value of [
      "localhost:@evil.example",
      "localhost:80@evil.example",
      "evil.example/path",
      "localhost:",
      "localhost:0",
      "localhost:65536",
      "localhost:99999",
      "a b",
      "",
      "-bad.example",
      "user@localhost",
      undefined,
    ]) {
      expect(parseHost(value), String(value)).toBeNull();
    }
  });
});

describe("publicOrigin", () => {
  const brandHosts = parseBrandHosts("localhost=fr,be.localhost=be,es.localhost=es");
  const deps = (env: Record<string, string>, listening: number | null = 3000) => ({
    env: readEnv({ APP_SECRET: "x".repeat(16), PUSHER_APP_SECRET: "y".repeat(16), ...env }),
    brandHosts,
    publicPort: () => (env.PUBLIC_PORT ? Number(env.PUBLIC_PORT) : env.TRUST_PROXY === "true" ? null : listening),
  });

  test("is the brand's configured host with the configured or listening port, whatever the request said", () => {
    expect(publicOrigin(deps({}), "es-campus", { hostname: "evil.example", port: 666 })).toBe("http://es.localhost:3000");
    expect(publicOrigin(deps({ PUBLIC_PORT: "443", PUBLIC_URL_SCHEME: "https" }), "be")).toBe("https://be.localhost");
    expect(publicOrigin(deps({}, 80), "fr")).toBe("http://localhost");
  });

  test("behind a trusted proxy, only a brand host's forwarded port counts", () => {
    const proxied = deps({ TRUST_PROXY: "true" });
    expect(publicOrigin(proxied, "fr", { hostname: "localhost", port: 8443 })).toBe("http://localhost:8443");
    expect(publicOrigin(proxied, "fr", { hostname: "evil.example", port: 8443 })).toBe("http://localhost");
    expect(publicOrigin(proxied, "fr", null)).toBe("http://localhost");
  });
});
