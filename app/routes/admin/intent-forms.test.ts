import { describe, expect, test } from "vitest";
import { formContext, formPost, replyOf } from "~/lib/form-post.test-support";
import { action as discountCodesAction } from "./discount-codes";
import { action as sessionAction } from "./face-to-face-session";
import { action as loginImageAction } from "./login-image";
import { action as usersAction } from "./users";

/** The admin pages' forms refused before any back call: which form answers, with which status and words. */

async function args(fields: Record<string, string>, path = "/page", encoding: "urlencoded" | "multipart" = "urlencoded") {
  const url = new URL(path, "http://localhost");
  return { request: await formPost(fields, encoding, url.href), url, params: {}, pattern: url.pathname, context: formContext() };
}

describe("login image forms", () => {
  test("a brand that is not one, or an intent no form posts: 422 'invalid input', under no form", async () => {
    for (const fields of [
      { intent: "reset", brand: "xx" },
      { intent: "upload", brand: "" },
      { intent: "drop", brand: "fr" },
    ]) {
      const reply = replyOf(await loginImageAction(await args(fields, "/admin/loginImage", "multipart")));
      expect(reply.init?.status).toBe(422);
      expect(reply.data.form).toBeUndefined();
      expect(reply.data.error?.[""]).toEqual(["Certains champs sont invalides."]);
    }
  });

  test("an upload without its file: 422 under the brand's form, on the image field", async () => {
    const reply = replyOf(await loginImageAction(await args({ intent: "upload", brand: "es" }, "/admin/loginImage", "multipart")));
    expect(reply.init?.status).toBe(422);
    expect(reply.data.form).toBe("es");
    expect(reply.data.error?.image).toEqual(["Choisissez un fichier image."]);
  });
});

describe("discount code forms", () => {
  test("disabling a code that is not an id: the disable form's 422", async () => {
    const reply = replyOf(await discountCodesAction(await args({ intent: "disable", targetId: "abc" })));
    expect(reply.init?.status).toBe(422);
    expect(reply.data.form).toBe("disable");
    expect(reply.data.error?.targetId?.length).toBeGreaterThan(0);
  });
});

describe("user forms", () => {
  test("an intent no form posts: 400 'invalid input'", async () => {
    const reply = replyOf(await usersAction(await args({ intent: "drop" }, "/admin/users?user=12")));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.error?.[""]).toEqual(["Certains champs sont invalides."]);
  });
});

describe("session forms", () => {
  test("a learner's move without a target session: 422 under that learner's form only", async () => {
    const reply = replyOf(
      await sessionAction({ ...(await args({ intent: "move", enrolmentId: "31", toSessionId: "" }, "/admin/faceToFace/4")), params: { sessionId: "4" } }),
    );
    expect(reply.init?.status).toBe(422);
    expect(reply.data.form).toBe("move-31");
  });

  test("an intent no form posts: 400 'an error occurred'", async () => {
    const reply = replyOf(await sessionAction({ ...(await args({ intent: "drop" }, "/admin/faceToFace/4")), params: { sessionId: "4" } }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.error?.[""]).toEqual(["Une erreur est survenue. Veuillez réessayer."]);
  });
});
