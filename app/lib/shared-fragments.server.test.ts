import { beforeEach, describe, expect, test } from "vitest";
import {
  clearSharedFragments,
  createFragmentCollector,
  finishSharedFragments,
  markedFragment,
  sharedFragmentCount,
  type FragmentCollector,
} from "./shared-fragments.server";

const A = { csrf: "TOKEN-A", nonce: "NONCE-A" };
const B = { csrf: "TOKEN-B", nonce: "NONCE-B" };

/** A document as the render writes it: the fragment's element marked, its children inline. */
function documentWith(marker: string, inner: string) {
  return `<html><body><div class="page"><div data-shared="${marker}" class="contents">${inner}</div><p>after</p></div></body></html>`;
}

const CARDS = `<ul><li><div>one</div><form><input name="csrf" value="TOKEN-A"/></form></li><li><div><div>two</div></div></li></ul>`;

/** The marker of a fragment to render (none is kept for `key`). */
function markerOf(collector: FragmentCollector, key: string, values: typeof A): string {
  const shared = collector.share(key, values);
  if (!shared || !("marker" in shared)) throw new Error(`expected ${key} to be rendered, got ${JSON.stringify(shared)}`);
  return shared.marker;
}

beforeEach(() => clearSharedFragments());

describe("markedFragment", () => {
  test("finds the marked element's inner markup across nested elements of the same tag", () => {
    const html = documentWith("f0", CARDS);
    expect(markedFragment(html, "f0")?.inner).toBe(CARDS);
    expect(markedFragment(html, "f1")).toBeNull();
  });

  test("an unclosed element is not a fragment", () => {
    expect(markedFragment(`<div data-shared="f0"><div>open`, "f0")).toBeNull();
  });
});

describe("finishSharedFragments", () => {
  test("keeps a rendered fragment without the request's token, and empties the marker", () => {
    const first = createFragmentCollector("on");
    const marker = markerOf(first, "cards", A);
    const html = finishSharedFragments(documentWith(marker, CARDS), first);
    expect(html).toBe(documentWith("", CARDS));
    expect(sharedFragmentCount()).toBe(1);

    // Another visitor with the same inputs gets the kept markup with their own token, never the first one's.
    const second = createFragmentCollector("on");
    expect(second.share("cards", B)).toEqual({ kept: CARDS.replace("TOKEN-A", "TOKEN-B") });
    expect(second.reused).toBe(1);
    expect(second.share("other inputs", B)).toHaveProperty("marker");
  });

  test("markers are random per request: a page's own text cannot pass for one", () => {
    const collector = createFragmentCollector("on");
    const marker = markerOf(collector, "cards", A);
    expect(marker).not.toBe(markerOf(createFragmentCollector("on"), "cards", A));
    const lookalike = `<div data-shared="f0">an author's description</div><div data-shared="${marker}">${CARDS}</div>`;
    expect(finishSharedFragments(lookalike, collector)).toBe(`<div data-shared="f0">an author's description</div><div data-shared="">${CARDS}</div>`);
    expect(createFragmentCollector("on").share("cards", A)).toEqual({ kept: CARDS });
  });

  test("a document without fragments is left as it is", () => {
    const collector = createFragmentCollector("on");
    expect(finishSharedFragments("<p>x</p>", collector)).toBe("<p>x</p>");
  });

  test("off and check never send kept markup", () => {
    const first = createFragmentCollector("on");
    finishSharedFragments(documentWith(markerOf(first, "cards", A), CARDS), first);
    expect(createFragmentCollector("off").share("cards", B)).toBeNull();
    expect(createFragmentCollector("check").share("cards", B)).toHaveProperty("marker");
  });

  test("check: the same inputs rendering other markup fail the page, whatever the visitor's token", () => {
    const first = createFragmentCollector("check");
    finishSharedFragments(documentWith(markerOf(first, "cards", A), CARDS), first);

    const same = createFragmentCollector("check");
    const marker = markerOf(same, "cards", B);
    expect(() => finishSharedFragments(documentWith(marker, CARDS.replace("TOKEN-A", "TOKEN-B")), same)).not.toThrow();

    const other = createFragmentCollector("check");
    const otherMarker = markerOf(other, "cards", B);
    expect(() => finishSharedFragments(documentWith(otherMarker, CARDS.replace("two", "Julie Morel")), other)).toThrow(/rendered differently/);
  });

  test("a marker missing from the document fails the page in check mode; in production the page goes out and nothing is kept", () => {
    const checked = createFragmentCollector("check");
    markerOf(checked, "cards", A);
    expect(() => finishSharedFragments("<p>no fragment</p>", checked)).toThrow(/not found/);
    const served = createFragmentCollector("on");
    markerOf(served, "cards", A);
    expect(finishSharedFragments("<p>no fragment</p>", served)).toBe("<p>no fragment</p>");
    expect(sharedFragmentCount()).toBe(0);
  });
});
