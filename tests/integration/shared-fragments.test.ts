// Shared page fragments (ADR 0140) on the real platform: the catalogue's and the shop's cards are rendered once for
// every visitor with the same results, and sent to the next one with that visitor's own form token. What belongs to
// one visitor (the name, the bookmarks, the cart) never reaches another.
import { describe, expect, test } from "vitest";
import type { Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const suite = useSuite("pglite", { SHARED_FRAGMENTS: "on" });

const page = (agent: Agent, path: string) => agent.get(path, { headers: { accept: "text/html", "accept-language": "fr-FR" } });
const formTokens = (html: string) => new Set([...html.matchAll(/name="csrf" value="([^"]+)"/g)].map((match) => match[1]));
const routeDataToken = (html: string) => /\\"csrfToken\\",\\"([^\\"]+)\\"/.exec(html)?.[1];
/** The page's shared fragments, as sent. */
const fragments = (html: string) => [...html.matchAll(/<div data-shared="">([\s\S]*?)<\/ul><\/div>/g)].map((match) => match[1]);

async function loggedIn(email: string) {
  const agent = suite.agent();
  expect((await agent.login(email)).status).toBe(200);
  return agent;
}

describe("shared fragments", () => {
  test("two shop customers share the catalogue's cards, each with their own form token, and a form posted with it works", async () => {
    // A URL of its own: the fragments are kept per server process, and other files' platforms may share this one's.
    const path = "/catalogue?limit=30";
    const first = await loggedIn("shop.free.js.fr@demo.test");
    const second = await loggedIn("shop.credit.js.fr@demo.test");
    const firstPage = await page(first, path);
    const secondPage = await page(second, path);
    expect(firstPage.status).toBe(200);
    expect(secondPage.status).toBe(200);
    expect(firstPage.headers.get("x-shared-fragments")).toMatch(/^[01]\/1$/);
    expect(secondPage.headers.get("x-shared-fragments")).toBe("1/1");

    // The cards carry add-to-cart forms: every form token of a page is its visitor's own.
    const [firstToken, secondToken] = [routeDataToken(firstPage.text), routeDataToken(secondPage.text)];
    expect(firstToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    expect(formTokens(firstPage.text)).toEqual(new Set([firstToken]));
    expect(formTokens(secondPage.text)).toEqual(new Set([secondToken]));
    const [firstCards] = fragments(firstPage.text);
    const [secondCards] = fragments(secondPage.text);
    expect(firstCards).toContain('data-testid="add-to-cart-form"');
    expect(secondCards.replaceAll(secondToken!, "T")).toBe(firstCards.replaceAll(firstToken!, "T"));
    // Nothing of the first customer is in the second one's page.
    expect(secondPage.text).not.toContain("Boutique free js");
    expect(secondPage.text).not.toContain("shop.free.js.fr@demo.test");

    // The reused form's token is accepted: the card adds its training to the second customer's cart.
    const productId = /name="productId" value="(\d+)"/.exec(secondCards)![1];
    const added = await second.request("POST", path, {
      body: new URLSearchParams({ csrf: secondToken!, intent: "add", productId }),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(added.status).toBe(302);
    const cart = await second.get("/back/api/shop/cart");
    expect(cart.body.data.products.map((line: { productId: number }) => line.productId)).toContain(Number(productId));
  });

  test("each learner's cards show their own bookmarks", async () => {
    const path = "/catalogue?limit=40";
    const withBookmarks = await loggedIn("learner@demo.test");
    const without = await loggedIn("lea.bernard@demo.test");
    const pressed = (html: string) => [...html.matchAll(/aria-pressed="true"/g)].length;
    const learnerPage = await page(withBookmarks, path);
    const otherPage = await page(without, path);
    const againPage = await page(withBookmarks, path);
    expect(againPage.headers.get("x-shared-fragments")).toBe("1/1");
    expect(pressed(learnerPage.text)).toBeGreaterThan(0);
    expect(pressed(againPage.text)).toBe(pressed(learnerPage.text));
    // Léa Bernard has no bookmark (the demo data).
    expect(pressed(otherPage.text)).toBe(0);
  });

  test("a page whose shared parts were rendered before is the same page", async () => {
    const visitor = await loggedIn("shop@demo.test");
    const [rendered, reused] = [await page(visitor, "/boutique?page=2"), await page(visitor, "/boutique?page=2")];
    expect(reused.headers.get("x-shared-fragments")).toBe("1/1");
    const normalise = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(normalise(reused.text)).toBe(normalise(rendered.text));
  });
});
