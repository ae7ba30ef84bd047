import { describe, expect, test } from "vitest";
import { z } from "zod";
import { IdParam } from "#core/contract/ids.ts";
import { formContext, formPost, replyOf } from "./form-post.test-support";
import { intentAction } from "./intent-action.server";

const branches = {
  rename: { schema: z.strictObject({ name: z.string().min(2) }), run: ({ value }: { value: { name: string } }) => `renamed ${value.name}` },
  move: {
    schema: z.strictObject({ targetId: IdParam, direction: z.enum(["up", "down"]) }),
    formKey: (formData: FormData, intent: string) => `${intent}-${String(formData.get("targetId"))}`,
    run: ({ value, form }: { value: { targetId: number; direction: "up" | "down" }; form: string }) => `${form}: ${value.targetId} ${value.direction}`,
  },
};

describe("intentAction", () => {
  test("picks the branch by intent and hands it the values its schema typed (urlencoded and multipart)", async () => {
    expect(await intentAction(await formPost({ intent: "rename", name: "Ana" }), formContext(), branches)).toBe("renamed Ana");
    expect(await intentAction(await formPost({ intent: "move", targetId: "12", direction: "up" }, "multipart"), formContext(), branches)).toBe(
      "move-12: 12 up",
    );
  });

  test("the handlers are typed by their own schema", async () => {
    const result = await intentAction(await formPost({ intent: "move", targetId: "7", direction: "down" }), formContext(), {
      move: { schema: branches.move.schema, run: ({ value }) => value.targetId + 1 },
    });
    expect(result).toBe(8);
  });

  test("an invalid form is its branch's 422, keyed by its form, with the translated messages", async () => {
    const reply = replyOf(await intentAction(await formPost({ intent: "move", targetId: "abc", direction: "up" }), formContext(), branches));
    expect(reply.init?.status).toBe(422);
    expect(reply.data.form).toBe("move-abc");
    expect(reply.data.error?.targetId?.length).toBeGreaterThan(0);
  });

  test("an unknown or missing intent: a 400 with the translated message, or the page's own answer", async () => {
    const posts: Record<string, string>[] = [{ intent: "drop" }, {}, { intent: "constructor" }, { intent: "__proto__" }];
    for (const fields of posts) {
      const reply = replyOf(await intentAction(await formPost(fields), formContext(), branches));
      expect(reply.init?.status).toBe(400);
      expect(reply.data.error?.[""]).toEqual(["Une erreur est survenue. Veuillez réessayer."]);
    }
    expect(await intentAction(await formPost({ intent: "drop" }), formContext(), branches, { unknownIntent: (intent) => `unknown ${intent}` })).toBe(
      "unknown drop",
    );
  });

  test("a bad CSRF token is the 419 before any branch runs", async () => {
    const request = new Request("http://localhost/page", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=rename&name=Ana&csrf=forged",
    });
    await expect(intentAction(request, formContext(), branches)).rejects.toMatchObject({ init: { status: 419 } });
  });
});
