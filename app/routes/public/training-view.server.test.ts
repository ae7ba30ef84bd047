import { describe, expect, it } from "vitest";
import { TrainingDetailSchema, type TrainingDetail } from "#core/contract/catalogue.ts";
import { courseJsonLd, metaDescription, plainText } from "~/components/training/course-seo";
import { courseView, REVIEWS_SHOWN } from "./training-view.server";

const session = {
  id: 7,
  name: "Lyon – session 1",
  city: "Lyon",
  marketingCity: "Lyon Confluence",
  postalCode: "69002",
  address: "45 cours Charlemagne",
  startDate: "2027-01-05",
  startTime: "09:00",
  endTime: "17:30",
  maxParticipants: 12,
  currentParticipants: 3,
  seatsAvailable: 9,
  isFull: false,
  multiDates: false,
  sessionDates: [],
  trainerName: "Julien Moreau",
};

/** A training as GET /training/:slug answers (checked against the contract below). */
const detail: TrainingDetail = TrainingDetailSchema.parse({
  id: 30,
  name: "AFGSU niveau 2 <gestes>",
  shortName: "AFGSU 2",
  slug: "afgsu-niveau-2",
  type: "faceToFaceOnly",
  effectiveType: "faceToFaceOnly",
  displayType: "faceToFaceOnly",
  dpcSubType: null,
  isLive: true,
  f2fOnly: true,
  mixt: false,
  description: "<p>Trois jours de formation&nbsp;pratique.</p><h3>Public</h3><p>Pharmaciens &amp; préparateurs.</p>",
  objectives: "<ul><li>Réanimer</li><li>Alerter</li></ul>",
  objectiveSkills: ["Réanimer"],
  objectiveKnowledge: ["Alerter"],
  courses: [
    {
      id: 37,
      name: "Journée présentielle",
      type: "faceToFace",
      isVirtual: false,
      durationMinutes: 1260,
      modules: [{ id: 178, title: "AFGSU 2", type: "faceToFace", durationMinutes: 1260 }],
    },
  ],
  durations: { total: 1260, faceToFace: 1260 },
  faceToFaceDuration: 1260,
  faceToFaces: [
    {
      id: 8,
      name: "AFGSU 2 (présentiel)",
      virtualClass: false,
      noWaitingList: false,
      sessions: [
        session,
        {
          ...session,
          id: 8,
          city: null,
          marketingCity: null,
          postalCode: null,
          address: null,
          startDate: "2027-02-02",
          multiDates: true,
          sessionDates: [
            { id: 1, date: "2027-02-02", startTime: "09:00", endTime: "12:00" },
            { id: 2, date: "2027-02-09", startTime: "09:00", endTime: "12:00" },
          ],
        },
      ],
    },
  ],
  dpc: null,
  agreements: [{ name: "Qualiopi", number: "Q-1", organisation: "AFNOR" }],
  fundings: [
    { code: "FIFPL", name: "FIF PL (pharmaciens titulaires)" },
    { code: "OPCO", name: "OPCO EP" },
  ],
  credits: null,
  priceHT: 65000,
  currency: "EUR",
  free: false,
  isPublished: true,
  isNew: false,
  isTest: false,
  isVirtual: false,
  lang: "fr",
  lastUpdate: "2026-11-04T09:00:00.000Z",
  mainIllustration: "/media/illustrations/urgences.svg",
  videoId: null,
  naocareLink: null,
  partnerLink: null,
  groupement: null,
  providerName: null,
  trainingOrganization: "Officine Académie SAS",
  ratings: { average: 3.63, count: 8 },
  reviews: [{ id: 125, authorName: "Gaëlle D.", rating: 4, comment: "Clair.", createdAt: "2026-11-07T17:00:00.000Z" }],
  trainers: [{ slug: "julien-moreau", name: "Julien Moreau", title: "Infirmier formateur", photo: null }],
  authors: [],
  points: 60,
  tags: ["Premiers secours", "Urgences"],
  pharmacistsOnly: false,
  nonPharmacistsOnly: false,
  holdersOnly: false,
  nonHoldersOnly: false,
  audienceFit: { ok: true },
  directAccess: false,
  displayForAll: false,
  availableOnSpace: true,
  availableOnStore: true,
  availableFunctions: ["pharmacist", "preparer"],
  hasQuiz: false,
  hasNewVersion: false,
  obsolete: false,
  outdated: false,
  workInProgress: false,
  isEpp: false,
  eppType: null,
  planF2f: false,
  faceToFaceFirst: false,
  noPif: false,
  NoContractRequired: false,
  orgDomTom: false,
  sessionsOnDemand: false,
  externalPlatformUrl: null,
  cantStartMessage: null,
  customRegisterLink: null,
  moreInfos: null,
  legalNotice: "Déclaration d'activité n° 84",
  seoTitle: null,
  seoDescription: null,
  associatedTrainings: [
    {
      id: 31,
      name: "Urgences au comptoir",
      slug: "urgences-au-comptoir",
      type: "faceToFaceOnly",
      type_to_display: "faceToFaceOnly",
      durations: { total: 420, faceToFace: 420 },
      fundings: ["FIFPL"],
      illustration: "/media/illustrations/urgences.svg",
      last_update: "2026-10-11T09:00:00.000Z",
      logo_small_provider: null,
      provider_name: "Officine Académie SAS",
      priceHT: 39000,
      currency: "EUR",
      free: false,
      credits: null,
      is_new: false,
      rating: 4.33,
      rating_count: 3,
      tags: ["Urgences"],
      course_id_dpc: null,
      audience: { pharmacistsOnly: false, nonPharmacistsOnly: false, holdersOnly: false, nonHoldersOnly: false },
    },
  ],
});

describe("courseView (the course page's route data)", () => {
  const view = courseView(detail);

  it("keeps no field the page does not read", () => {
    for (const key of ["objectives", "type", "f2fOnly", "agreements", "availableFunctions", "trainingOrganization", "isTest", "faceToFaceDuration"]) {
      expect(view).not.toHaveProperty(key);
    }
    expect(view.fundings).toEqual(["FIFPL", "OPCO"]);
    expect(view.courses[0]).toEqual({
      id: 37,
      name: "Journée présentielle",
      type: "faceToFace",
      durationMinutes: 1260,
      modules: [{ id: 178, title: "AFGSU 2", durationMinutes: 1260 }],
    });
    expect(view.associatedTrainings).toEqual([
      {
        id: 31,
        name: "Urgences au comptoir",
        slug: "urgences-au-comptoir",
        type: "faceToFaceOnly",
        type_to_display: "faceToFaceOnly",
        total: 420,
        free: false,
        priceHT: 39000,
        currency: "EUR",
        fundings: ["FIFPL"],
      },
    ]);
  });

  it("gives every session its days (its own start and hours when it has no dated days)", () => {
    const [single, multi] = view.faceToFaces[0].sessions;
    expect(single.days).toEqual(["2027-01-05"]);
    expect(single.hours).toEqual(["09:00-17:30"]);
    expect(multi.days).toEqual(["2027-02-02", "2027-02-09"]);
    expect(multi.hours).toEqual(["09:00-12:00", "09:00-12:00"]);
    expect(single).not.toHaveProperty("maxParticipants");
    expect(single).not.toHaveProperty("sessionDates");
  });

  it("sends the most recent reviews on a first view, all of them when asked, and how many there are", () => {
    const reviews = Array.from({ length: REVIEWS_SHOWN + 2 }, (_, i) => ({
      id: 200 + i,
      authorName: `Auteur ${i}`,
      rating: 4,
      comment: `Avis ${i}`,
      createdAt: `2026-10-${String(20 - i).padStart(2, "0")}T10:00:00.000Z`,
    }));
    const many = { ...detail, reviews };
    const first = courseView(many);
    expect(first.reviews.map((review) => review.id)).toEqual(reviews.slice(0, REVIEWS_SHOWN).map((review) => review.id));
    expect(first.reviewCount).toBe(REVIEWS_SHOWN + 2);
    const all = courseView(many, { allReviews: true });
    expect(all.reviews.map((review) => review.id)).toEqual(reviews.map((review) => review.id));
    expect(view.reviewCount).toBe(1);
    expect(view.reviews).toHaveLength(1);
  });

  it("sends days where the page shows days", () => {
    expect(view.lastUpdate).toBe("2026-11-04");
    expect(view.reviews[0].createdAt).toBe("2026-11-07");
  });

  it("is smaller than the API's detail", () => {
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify(detail).length * 0.75);
  });
});

describe("course SEO from the page's fields", () => {
  const view = courseView(detail);
  const url = "https://example.test/faceToFaceOnly/afgsu-niveau-2";

  it("describes the page by its SEO description, else the start of the description as text", () => {
    expect(plainText(detail.description)).toBe("Trois jours de formation pratique. Public Pharmaciens & préparateurs.");
    expect(metaDescription(view)).toBe("Trois jours de formation pratique. Public Pharmaciens & préparateurs.");
    expect(metaDescription({ ...view, seoDescription: "Trois jours." })).toBe("Trois jours.");
    expect(metaDescription({ ...view, description: `<p>${"a".repeat(400)}</p>` })).toHaveLength(160);
  });

  it("writes the schema.org Course as before, with `<` escaped", () => {
    const text = courseJsonLd(view, "Officine Académie", url);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "AFGSU niveau 2 <gestes>",
      description: "Trois jours de formation pratique. Public Pharmaciens & préparateurs.",
      url,
      courseCode: "afgsu-niveau-2",
      inLanguage: "fr",
      image: "https://example.test/media/illustrations/urgences.svg",
      provider: { "@type": "Organization", name: "Officine Académie", url: "https://example.test" },
      timeRequired: "PT21H0M",
      keywords: "Premiers secours, Urgences",
      offers: { "@type": "Offer", category: "Paid", price: "650.00", priceCurrency: "EUR", url },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 3.63, ratingCount: 8, bestRating: 5, worstRating: 1 },
      hasCourseInstance: [
        {
          "@type": "CourseInstance",
          courseMode: "onsite",
          startDate: "2027-01-05",
          location: { "@type": "Place", name: "Lyon Confluence", address: "45 cours Charlemagne, 69002, Lyon" },
          instructor: [{ "@type": "Person", name: "Julien Moreau" }],
        },
        { "@type": "CourseInstance", courseMode: "online", startDate: "2027-02-02", instructor: [{ "@type": "Person", name: "Julien Moreau" }] },
      ],
    });
  });

  it("names one online or blended instance when there is no session", () => {
    const text = courseJsonLd({ ...view, faceToFaces: [], isLive: false, ratings: null, tags: [] }, "Officine Académie", url);
    const course = JSON.parse(text) as Record<string, unknown>;
    expect(course.hasCourseInstance).toEqual([{ "@type": "CourseInstance", courseMode: "online" }]);
    expect(course).not.toHaveProperty("aggregateRating");
    expect(course).not.toHaveProperty("keywords");
  });
});
