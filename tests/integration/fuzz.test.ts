// The fuzz suite: every /back endpoint of the route table (a new endpoint is fuzzed without touching this file),
// logged in as a learner with a valid CSRF token so that hostile input reaches validation, gets prototype-named
// keys, NUL bytes, lone surrogates, huge strings, integers out of range, wrong types and malformed bodies in its
// path parameters, query string and body. Never a 500, always the envelope, and no table gains or loses a row.
import { describe, expect, test } from "vitest";
import { backends, tableCounts } from "./support/database.ts";
import { envelopeProblem, type Agent, type Reply } from "./support/http.ts";
import { backRoutes, fillPath, pathParams, type BackRoute } from "./support/routes.ts";
import { useSuite } from "./support/setup.ts";

/**
 * Requests in flight at once: enough to keep both cores busy, few enough for a shared CI machine. The walk takes
 * about 30 s of CPU per backend; the timeout is for a machine busy with other work.
 */
const CONCURRENCY = 8;
const INT32_MAX = 2_147_483_647;

const PROTO_KEYS = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
const NUL = "nul\u0000byte";
const LONE_SURROGATE = "lone\ud800surrogate";
const HUGE = "x".repeat(100_000);

/** Path segments, already URL-encoded (a lone surrogate can only arrive as bytes that are not UTF-8). */
const PATH_VALUES = [
  "constructor",
  "__proto__",
  "toString",
  "%00",
  "1%00",
  "%ED%A0%80",
  "%zz",
  "9".repeat(4000),
  "a".repeat(4000),
  String(INT32_MAX + 1),
  "99999999999999999999",
  "-1",
  "0",
  "0x10",
  "1.5",
];

/** Query parameter names the endpoints read; every request sets all of them at once (zod reports every field). */
const QUERY_NAMES = ["page", "pageSize", "type", "q", "trainingId", "id", "step", "minDuration", "maxDuration", "new", "sort", "audience", "funding"];
const QUERY_VALUES = ["a%00b", "%ED%A0%80", "y".repeat(500), String(INT32_MAX + 1), "0x10", "", "constructor"];

/**
 * A valid-looking value for each body field name the endpoints use, so that a request with one hostile field and
 * the others plausible gets past the checks of the other fields. None of them names something that exists (no such
 * user, training, token or password), so that nothing can be written even by mistake.
 */
const FIELD_BASES: Record<string, unknown> = {
  email: "nobody@fuzz.test",
  password: "Fuzz1234fuzz",
  passwordConfirmation: "Fuzz1234fuzz",
  currentPassword: "Fuzz1234fuzz",
  token: "fuzz-token",
  platform: "fr",
  remember: true,
  contactId: 999_999,
  accountId: 999_999,
  userId: 999_999,
  trainingId: 999_999,
  sessionId: 999_999,
  dpcProgrammeId: 999_999,
  ids: [999_999],
  sessions: [999_999],
  firstName: "Fuzz",
  lastName: "Fuzz",
  name: "Fuzz",
  contactName: "Fuzz",
  pharmacyName: "Fuzz",
  profession: "pharmacist",
  gender: "X",
  professionalNumber: "123",
  phone: "0600000000",
  mobilePhone: "0600000000",
  birthDate: "1990-01-01",
  sortOption: "newest",
  volume: 50,
  subject: "Fuzz subject",
  message: "A fuzz message, long enough.",
  consent: true,
  website: "",
  acceptTerms: true,
  hasGivenConsent: true,
  postalCode: "75001",
  details: "Fuzz details",
  rating: 3,
  comment: "Fuzz comment",
  day: "2030-01-01",
  attendance: [{ userId: 999_999, attended: true }],
  stepId: "m999999",
  answers: { "999999": [999_999] },
  data: { attestationId: 999_999 },
  position: 10,
  status: true,
  scope: "user",
  title: "Fuzz",
  body: "Fuzz body",
  link: "/fuzz",
  socket_id: "1.1",
  channel_name: "private-user.999999",
  code: "FUZZ",
  products: [999_999],
  productId: 999_999,
  productCartId: 999_999,
  functionName: "pharmacist",
  function: "pharmacist",
  fundingId: 999_999,
  sessionCourseId: 999_999,
};

/** Path parameters get a plausible value while another part of the request is fuzzed. */
const PARAM_BASES: Record<string, string> = { type: "formation", slug: "fuzz-slug", token: "fuzz-token", code: "FUZZ", email: "nobody%40fuzz.test" };
const paramBase = (name: string) => PARAM_BASES[name] ?? "999999";

/** Values of the wrong type, or of the right type but out of any range, for a field whose valid value is `base`. */
function hostileValues(base: unknown): unknown[] {
  const text = [NUL, LONE_SURROGATE, HUGE];
  const numbers = [INT32_MAX + 1, 2 ** 53 + 2, -(INT32_MAX + 2), 1e308, -1, 0, 1.5];
  const containers = [[], {}, null, Object.fromEntries(PROTO_KEYS.map((k) => [k, 1]))];
  if (typeof base === "string") return [...text, true, 42, INT32_MAX + 1, ["x"], ...containers];
  if (typeof base === "number") return [...text, true, false, "", "0x10", "1", " 1", "1e3", ...numbers, [1], ...containers];
  if (typeof base === "boolean") return [...text, "", "0x10", 1, 0, [true], ...containers];
  if (Array.isArray(base)) {
    return [...text, "x", 1, true, null, {}, [NUL], [LONE_SURROGATE], [HUGE], [INT32_MAX + 1], [true], [null], [[]], [{}], ["0x10"], new Array(10_000).fill(1)];
  }
  return [...text, "x", 1, true, [], null, [base]];
}

/** Every body made from `base` by replacing one value (at any depth) with a hostile one. */
function mutations(base: unknown): unknown[] {
  const results: unknown[] = [];
  for (const value of hostileValues(base)) results.push(value);
  if (Array.isArray(base)) {
    if (base.length > 0) for (const inner of mutations(base[0])) results.push([inner]);
  } else if (base !== null && typeof base === "object") {
    for (const [key, inner] of Object.entries(base)) {
      for (const value of mutations(inner)) results.push({ ...base, [key]: value });
    }
  }
  return results;
}

/**
 * Ending the session is what these endpoints do, and they read no query string: a query probe is a valid request
 * that logs the learner out. Their path and body are fuzzed like the others'.
 */
const ENDS_SESSION = new Set(["POST /back/api/logout"]);

type Probe = { method: string; path: string; query?: string; body?: BodyInit; type?: string; what: string };

describe.each(backends())("fuzzing every /back endpoint (%s)", (backend) => {
  const suite = useSuite(backend);

  test("hostile path parameters, query strings and bodies: never a 500, always the envelope, no row written", { timeout: 600_000 }, async () => {
    const learner = suite.agent({ "accept-language": "en-US" });
    const anonymous = suite.agent({ "accept-language": "en-US" });
    await anonymous.csrf();
    const login = await learner.login("learner@demo.test");
    expect(login.status).toBe(200);

    const started = Date.now();
    const routes = backRoutes(suite.platform);
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;

    async function send(agent: Agent, probe: Probe): Promise<Reply> {
      const headers: Record<string, string> = {};
      const xsrf = agent.cookies.get("XSRF-TOKEN");
      // GETs that change state (pdf subscribe, module complete, joins) want the header too.
      if (xsrf) headers["x-xsrf-token"] = decodeURIComponent(xsrf);
      if (probe.type) headers["content-type"] = probe.type;
      const url = probe.query === undefined ? probe.path : `${probe.path}?${probe.query}`;
      sent++;
      const reply = await agent.request(probe.method, url, { body: probe.body, headers, csrf: false });
      const where = `${probe.method} ${url.slice(0, 120)} [${probe.what.slice(0, 80)}]`;
      if (reply.status >= 500) failures.push(`${where}: ${reply.status} ${reply.text.slice(0, 160)}`);
      else if (reply.status >= 400 || (reply.headers.get("content-type") ?? "").startsWith("application/json")) {
        const problem = envelopeProblem(reply);
        if (problem) failures.push(`${where}: ${reply.status} ${problem}`);
      }
      return reply;
    }

    async function sendAll(agent: Agent, probes: Probe[]) {
      for (let i = 0; i < probes.length; i += CONCURRENCY) {
        await Promise.all(probes.slice(i, i + CONCURRENCY).map((probe) => send(agent, probe)));
      }
    }

    /** The body fields of an endpoint, learnt from its 422 to a body of every known field (unknown ones are named). */
    async function bodyFields(route: BackRoute, path: string): Promise<Record<string, unknown>> {
      const reply = await send(learner, { method: route.method, path, body: JSON.stringify(FIELD_BASES), type: "application/json", what: "field discovery" });
      const errors = reply.status === 422 ? (reply.body?.data?.errors as Record<string, string[]> | undefined) : undefined;
      if (!errors) return {};
      const unknown = new Set(Object.keys(errors).filter((key) => errors[key].includes("Unknown field.")));
      if (unknown.size === 0) return {}; // not a strict schema: only what it requires is known, nothing to build on
      const named = Object.keys(errors)
        .map((key) => key.split(".")[0])
        .filter((key) => !unknown.has(key));
      const fields = new Set([...Object.keys(FIELD_BASES).filter((key) => !unknown.has(key)), ...named]);
      return Object.fromEntries([...fields].map((key) => [key, key in FIELD_BASES ? FIELD_BASES[key] : "fuzz"]));
    }

    function pathProbes(route: BackRoute): Probe[] {
      const probes: Probe[] = [];
      const params = pathParams(route.path);
      const bases = Object.fromEntries(params.map((name) => [name, paramBase(name)]));
      for (const name of params) {
        for (const value of PATH_VALUES) {
          probes.push({ method: route.method, path: fillPath(route.path, { ...bases, [name]: value }), what: `:${name}=${value.slice(0, 20)}` });
        }
      }
      return probes;
    }

    function queryProbes(route: BackRoute, path: string): Probe[] {
      const probes: Probe[] = [];
      const all = (value: string) => QUERY_NAMES.map((name) => `${name}=${value}`).join("&");
      for (const value of QUERY_VALUES) probes.push({ method: route.method, path, query: all(value), what: `query=${value.slice(0, 20)}` });
      probes.push({ method: route.method, path, query: PROTO_KEYS.map((k) => `${k}=1`).join("&"), what: "query: every prototype key" });
      probes.push({ method: route.method, path, query: "__proto__=1&__proto__=2&constructor=1&constructor=2", what: "query: repeated prototype keys" });
      probes.push({ method: route.method, path, query: QUERY_NAMES.map((n) => `${n}=1&${n}=2`).join("&"), what: "query: repeated keys" });
      probes.push({ method: route.method, path, query: QUERY_NAMES.map((n) => `${n}[]=1&${n}[a]=1`).join("&"), what: "query: bracket keys" });
      probes.push({ method: route.method, path, query: "%00=1&%ED%A0%80=1&%zz=1", what: "query: hostile keys" });
      return probes;
    }

    /** A visitor without a session reaches the public GETs: their query parsing gets the worst keys and values. */
    function anonymousProbes(route: BackRoute, path: string): Probe[] {
      return [
        { method: route.method, path, query: PROTO_KEYS.map((k) => `${k}=1`).join("&"), what: "anonymous: every prototype key" },
        { method: route.method, path, query: QUERY_NAMES.map((n) => `${n}=a%00b`).join("&"), what: "anonymous: NUL bytes" },
      ];
    }

    function bodyProbes(route: BackRoute, path: string, base: Record<string, unknown>): Probe[] {
      const json = (body: unknown, what: string): Probe => ({ method: route.method, path, body: JSON.stringify(body), type: "application/json", what });
      const raw = (body: BodyInit, type: string, what: string): Probe => ({ method: route.method, path, body, type, what });
      const probes: Probe[] = [
        raw("{not json", "application/json", "malformed JSON"),
        raw('{"a": ', "application/json", "truncated JSON"),
        raw("[1,2,3]", "application/json", "a JSON array"),
        raw("null", "application/json", "JSON null"),
        raw('"text"', "application/json", "a JSON string"),
        raw(`{"data": ${"[".repeat(20_000)}"\\u0000"${"]".repeat(20_000)}}`, "application/json", "deeply nested JSON"),
        raw('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}', "application/json", "prototype pollution"),
        raw(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), "application/json", "invalid UTF-8"),
        raw("plain text", "text/plain", "text/plain"),
        raw("--x\r\nbroken multipart", "multipart/form-data; boundary=x", "broken multipart"),
        raw(`${PROTO_KEYS.map((k) => `${k}=1`).join("&")}&email=%00&name=a%00b&ids=x`, "application/x-www-form-urlencoded", "urlencoded hostile keys"),
        json({ id: "x", ids: "x", accountId: "x", email: 1, password: 2, unexpected: { deep: [1] } }, "wrong types"),
      ];
      for (const key of PROTO_KEYS) probes.push(raw(`{"${key}": 1}`, "application/json", `key ${key}`));
      probes.push(
        raw(
          `{${Object.keys(base)
            .map((k) => `${JSON.stringify(k)}: ${JSON.stringify(base[k])}, `)
            .join("")}"__proto__": {"x": 1}}`,
          "application/json",
          "valid fields and __proto__",
        ),
      );
      probes.push(json({ ...base, constructor: 1, toString: "x", hasOwnProperty: 1, valueOf: 1 }, "valid fields and prototype keys"));
      for (const key of Object.keys(base)) {
        for (const value of mutations(base[key])) {
          probes.push(json({ ...base, [key]: value }, `${key}=${(JSON.stringify(value) ?? String(value)).slice(0, 40)}`));
        }
      }
      const upload = new FormData();
      for (const key of PROTO_KEYS) upload.append(key, "1");
      upload.append("picture", new Blob([NUL]), "a\u0000b.png");
      upload.append("certificate", new Blob([NUL]), `${"c".repeat(2000)}.pdf`);
      probes.push({ method: route.method, path, body: upload, what: "multipart with hostile fields" });
      return probes;
    }

    const basePath = (route: BackRoute) => fillPath(route.path, Object.fromEntries(pathParams(route.path).map((name) => [name, paramBase(name)])));
    // Warm-up: each GET once, plainly. A read may write on its first call (badges are awarded when first listed):
    // that is its normal work, done before counting starts, so that hostile probes must add nothing at all.
    await sendAll(
      learner,
      routes.filter((r) => r.method === "GET").map((r) => ({ method: "GET", path: basePath(r), what: "warm-up" })),
    );
    // A message to the advisor is valid with an empty body, so some probes are real messages; each is counted by
    // the mail limit (ADR 0023), whose counter row is made by the first one: one plain message before counting.
    expect((await learner.post("/back/api/user/sendAdvisorMessage", {})).status).toBe(200);

    let counts = await tableCounts(suite.db);
    for (const route of routes) {
      const path = basePath(route);
      await sendAll(learner, pathProbes(route));
      if (!ENDS_SESSION.has(`${route.method} ${route.path}`)) await sendAll(learner, queryProbes(route, path));
      if (route.method === "GET") await sendAll(anonymous, anonymousProbes(route, path));
      else await sendAll(learner, bodyProbes(route, path, await bodyFields(route, path)));

      const after = await tableCounts(suite.db);
      for (const table of Object.keys(after)) {
        if (after[table] !== counts[table]) failures.push(`${route.method} ${route.path}: rows of ${table} ${counts[table]} -> ${after[table]}`);
      }
      counts = after;
      // Hostile input must not end the session either (a logout, a password change, an account switch).
      if ((await learner.get("/back/api/user/isLogged")).body?.data?.loggedIn !== true) {
        failures.push(`${route.method} ${route.path}: the learner's session ended`);
        expect((await learner.login("learner@demo.test")).status).toBe(200);
        counts = await tableCounts(suite.db);
      }
    }

    console.info(`fuzz (${backend}): ${sent} requests over ${routes.length} endpoints in ${Math.round((Date.now() - started) / 1000)} s`);
    // One line per endpoint and kind of problem (with its first example), not thousands of near-identical lines.
    const summary = new Map<string, { count: number; example: string }>();
    for (const failure of failures) {
      const key = `${failure.split(" ").slice(0, 2).join(" ").split("?")[0]} ${/: (\d{3}|rows of \w+|the learner)/.exec(failure)?.[1] ?? ""}`;
      const entry = summary.get(key) ?? { count: 0, example: failure.slice(0, 300) };
      entry.count++;
      summary.set(key, entry);
    }
    expect([...summary].map(([key, { count, example }]) => `${key} (x${count}), e.g. ${example}`)).toEqual([]);
  });
});
