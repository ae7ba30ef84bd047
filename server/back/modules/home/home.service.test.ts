import { describe, expect, it } from "vitest";
import { pickVaried, toFeaturedTraining } from "./home.service.ts";
import type { FeaturedCandidateRow } from "./home.repository.ts";

const row = (over: Partial<FeaturedCandidateRow>): FeaturedCandidateRow => ({
  id: 1,
  slug: "s",
  type: "formation",
  name: "Name",
  shortName: null,
  durationMinutes: 90,
  priceHtCents: 15000,
  currency: "EUR",
  free: false,
  isNew: false,
  isVirtual: false,
  ratingAverage: null,
  ratingCount: 0,
  mainIllustration: null,
  credits: null,
  fundingCodes: [],
  ...over,
});

describe("pickVaried", () => {
  const ranked = [
    { id: 1, type: "a" },
    { id: 2, type: "a" },
    { id: 3, type: "a" },
    { id: 4, type: "b" },
    { id: 5, type: "c" },
    { id: 6, type: "b" },
  ];

  it.each([
    [3, [1, 4, 5]],
    [4, [1, 2, 4, 5]],
    [5, [1, 2, 4, 5, 6]],
    [6, [1, 2, 3, 4, 5, 6]],
    [10, [1, 2, 3, 4, 5, 6]],
    [0, []],
  ])("picks %i keeping rank order, one per type first", (count, ids) => {
    expect(pickVaried(ranked, count).map((item) => item.id)).toEqual(ids);
  });
});

describe("toFeaturedTraining", () => {
  it.each([
    [row({ type: "mixt" }), ["elearning", "elearning", "faceToFace"], false, "mixt", "mixtElearningF2f"],
    [row({ type: "dpc" }), ["elearning"], true, "dpc", "dpc-elearning"],
    [row({ type: "dpc" }), ["elearning"], false, "formation", "formation"],
    [row({ type: "faceToFaceOnly", isVirtual: true }), ["virtualClass"], false, "virtualClass", "virtualClass"],
    [row({ type: "podcast" }), [], false, "podcast", "podcast"],
  ] as const)("%o with %o (DPC data %s) is shown as %s / %s", (input, kinds, hasDpc, effective, display) => {
    const training = toFeaturedTraining(input, [...kinds], hasDpc);
    expect(training?.effectiveType).toBe(effective);
    expect(training?.displayType).toBe(display);
  });

  it("prefers the short name, marks zero prices free and keeps ratings only when reviewed", () => {
    const training = toFeaturedTraining(row({ shortName: " Short ", priceHtCents: 0, ratingAverage: 4.5, ratingCount: 2 }), [], false);
    expect(training).toMatchObject({ name: "Short", free: true, rating: { average: 4.5, count: 2 } });
    expect(toFeaturedTraining(row({ ratingAverage: 4, ratingCount: 0 }), [], false)?.rating).toBeNull();
  });

  it("hands on the fundings and credits, for the card's labels and its funded price rule", () => {
    expect(toFeaturedTraining(row({ fundingCodes: ["DPC", "FIFPL"], credits: 3 }), [], false)).toMatchObject({ fundings: ["DPC", "FIFPL"], credits: 3 });
  });

  it("drops an unknown type", () => {
    expect(toFeaturedTraining(row({ type: "masterclass" }), [], false)).toBeNull();
  });
});
