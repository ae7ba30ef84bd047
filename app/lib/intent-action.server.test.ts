import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { IdParam } from "#core/contract/ids.ts";
import { requestStateContext, serverConfigContext, type RequestState, type ServerConfig } from "./context";
import { webCsrf } from "./csrf.server";
import type { FormReply } from "./forms";
import { intentAction } from "./intent-action.server";

const SECRET = "intent-action-test-secret";

function context(): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(serverConfigContext, { appSecret: SECRET, secureCookies: false } as ServerConfig);
  provider.set(requestStateContext, { locale: "fr-FR" } as RequestState);
  return provider;
}

/** A form post with a valid CSRF token, urlencoded or multipart as a browser sends it. */
async function post(fields: Record<string, string>, encoding: "urlencoded" | "multipart" = "urlencoded"): Promise<Request> {
  const [token, cookie] = await webCsrf(SECRET, false).commitToken(new Request("http://localhost/"));
  const headers = new Headers({ cookie: (cookie ?? "").split(";")[0] });
  const all = { ...fields, csrf: token };
  if (encoding === "urlencoded") {
    headers.set("content-type", "application/x-www-form-urlencoded");
    return new Request("http://localhost/page", { method: "POST", headers, body: new URLSearchParams(all).toString() });
  }
  const body = new FormData();
  for (const [name, value] of Object.entries(all)) body.append(name, value);
  return new Request("http://localhost/page", { method: "POST", headers, body });
}

const branches = {
  rename: { schema: z.strictObject({ name: z.string().min(2) }), run: ({ value }: { value: { name: string } }) => `renamed ${value.name}` },
  move: {
    schema: z.strictObject({ targetId: IdParam, direction: z.enum(["up", "down"]) }),
    formKey: (formData: FormData, intent: string) => `${intent}-${String(formData.get("targetId"))}`,
    run: ({ value, form }: { value: { targetId: number; direction: "up" | "down" }; form: string }) => `${form}: ${value.targetId} ${value.direction}`,
  },
};

const replyOf = (result: unknown) => result as { data: FormReply; init: { status?: number } | null };

describe("intentAction", () => {
  test("picks the branch by intent and hands it the values its schema typed (urlencoded and multipart)", async () => {
    expect(await intentAction(await post({ intent: "rename", name: "Ana" }), context(), branches)).toBe("renamed Ana");
    expect(await intentAction(await post({ intent: "move", targetId: "12", direction: "up" }, "multipart"), context(), branches)).toBe("move-12: 12 up");
  });

  test("the handlers are typed by their own schema", async () => {
    const result = await intentAction(await post({ intent: "move", targetId: "7", direction: "down" }), context(), {
      move: { schema: branches.move.schema, run: ({ value }) => value.targetId + 1 },
    });
    expect(result).toBe(8);
  });

  test("an invalid form is its branch's 422, keyed by its form, with the translated messages", async () => {
    const reply = replyOf(await intentAction(await post({ intent: "move", targetId: "abc", direction: "up" }), context(), branches));
    expect(reply.init?.status).toBe(422);
    expect(reply.data.form).toBe("move-abc");
    expect(reply.data.error?.targetId?.length).toBeGreaterThan(0);
  });

  test("an unknown or missing intent: a 400 with the translated message, or the page's own answer", async () => {
    const posts: Record<string, string>[] = [{ intent: "drop" }, {}, { intent: "constructor" }, { intent: "__proto__" }];
    for (const fields of posts) {
      const reply = replyOf(await intentAction(await post(fields), context(), branches));
      expect(reply.init?.status).toBe(400);
      expect(reply.data.error?.[""]).toEqual(["Une erreur est survenue. Veuillez réessayer."]);
    }
    expect(await intentAction(await post({ intent: "drop" }), context(), branches, { unknownIntent: (intent) => `unknown ${intent}` })).toBe("unknown drop");
  });

  test("a bad CSRF token is the 419 before any branch runs", async () => {
    const request = new Request("http://localhost/page", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=rename&name=Ana&csrf=forged",
    });
    await expect(intentAction(request, context(), branches)).rejects.toMatchObject({ init: { status: 419 } });
  });
});
