import { z } from "zod";
import { IdParam } from "./ids.ts";
import { Flag } from "./fields.ts";
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "#core/domain/pagination.ts";
import { TRAINING_TYPES } from "#core/domain/training-types.ts";
import { IdListSchema, ModuleKindSchema, RatingSchema, TrainingTypeSchema } from "./common.ts";

export const CATALOGUE_FUNDINGS = ["dpc", "fundae", "free"] as const;
export type CatalogueFunding = (typeof CATALOGUE_FUNDINGS)[number];

export const CATALOGUE_SORTS = ["newest", "alphabeticalOrder", "rating"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** "mine": only the trainings whose audience the visitor belongs to (everything for a guest). */
export const CATALOGUE_AUDIENCES = ["all", "mine"] as const;

/** Longest accepted search text; longer is a 422. */
export const MAX_QUERY_LENGTH = 200;
/** Longest duration bound accepted, in minutes (a year of days). */
export const MAX_DURATION_MINUTES = 525_600;

// An empty query value (`?type=`) means "not given": that is what an untouched GET form sends.
const blank = (value: unknown): unknown => (value === "" ? undefined : value);

/** A whole number written in decimal digits only ("12"); "1e3", "0x10", " 5" and "5.0" are refused. */
const Digits = (max: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^[0-9]{1,9}$/, { message: "invalidType" })
      .transform(Number)
      .pipe(z.number().int().max(max))
      .optional(),
  );

const Page = z.preprocess(
  blank,
  z
    .string()
    .regex(/^[0-9]{1,9}$/, { message: "invalidType" })
    .transform(Number)
    .pipe(z.number().int().min(1))
    .default(1),
);

const PageSize = z.preprocess(
  blank,
  z
    .string()
    .regex(/^[0-9]{1,9}$/, { message: "invalidType" })
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE))
    .default(DEFAULT_PAGE_SIZE),
);

const filterShape = {
  type: z.preprocess(blank, z.enum(TRAINING_TYPES).optional()),
  funding: z.preprocess(blank, z.enum(CATALOGUE_FUNDINGS).optional()),
  audience: z.preprocess(blank, z.enum(CATALOGUE_AUDIENCES).default("all")),
  minDuration: Digits(MAX_DURATION_MINUTES),
  maxDuration: Digits(MAX_DURATION_MINUTES),
  new: Flag,
  /** Only the visitor's bookmarked trainings (the "Mes favoris" list and the catalogue filter); needs a session. */
  favourites: Flag,
  /** The compliance tracker's links (issue 33, ADR 0125): trainings of a DPC type, a priority orientation, a certification axis, a Belgian CF category, with RCF credits. */
  dpcType: z.preprocess(blank, z.enum(["training", "practice_analysis", "risk_management"]).optional()),
  orientation: Flag,
  axis: z.preprocess(blank, z.enum(["1", "2", "3", "4"]).optional()),
  category: z.preprocess(blank, z.enum(["pharmaceutical_sciences", "pharmaceutical_care", "health_society"]).optional()),
  rcf: Flag,
  sort: z.preprocess(blank, z.enum(CATALOGUE_SORTS).optional()),
  page: Page,
  pageSize: PageSize,
};

const durationOrder = {
  check: (query: { minDuration?: number; maxDuration?: number }) =>
    query.minDuration === undefined || query.maxDuration === undefined || query.minDuration <= query.maxDuration,
  options: { message: "durationRange", path: ["maxDuration"] },
};

/**
 * GET /back/api/catalogue query. Values arrive as strings; unknown parameters, unknown values,
 * page or size below 1, size above 100 and non-numbers are 422s with field errors.
 */
export const CatalogueQuerySchema = z
  .strictObject({
    ...filterShape,
    q: z.preprocess(blank, z.string().trim().max(MAX_QUERY_LENGTH).optional()),
  })
  .refine(durationOrder.check, durationOrder.options);

/** GET /back/api/catalogue/search: the catalogue query with a required search text. */
export const SearchQuerySchema = z
  .strictObject({
    ...filterShape,
    q: z.string().trim().min(1).max(MAX_QUERY_LENGTH),
  })
  .refine(durationOrder.check, durationOrder.options);

export type CatalogueQuery = z.output<typeof CatalogueQuerySchema>;

/** The training id in a bookmark path. */
export const BookmarkParamsSchema = z.object({
  id: IdParam,
});

/** A course page slug. */
export const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,159}$/);

// ------------------------------------------------------------------ responses (the `data` of each reply)

const AUDIENCE_REASONS = ["pharmacistsOnly", "nonPharmacistsOnly", "holdersOnly", "nonHoldersOnly"] as const;

/** A "Catalog course" (spec section 3), plus the few facts a card needs. Money in integer cents. */
export const CatalogCourseSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** The effective type: the {trainingType} of the course page path and the card colour. */
  type: TrainingTypeSchema,
  /** What the card title is computed from: a type, a DPC sub-type or a mixed display type. */
  type_to_display: z.string(),
  durations: z.strictObject({ total: z.number(), faceToFace: z.number().nullable() }),
  /** Funding codes (DPC, FIFPL, OPCO, FUNDAE, BONIFICABLE, free); labels are the page's business. */
  fundings: z.array(z.string()),
  illustration: z.string().nullable(),
  last_update: z.string().nullable(),
  logo_small_provider: z.string().nullable(),
  provider_name: z.string().nullable(),
  /** Price excluding tax, in cents of `currency`. */
  priceHT: z.number(),
  currency: z.string(),
  free: z.boolean(),
  /** Funding credits attached to the training (FUNDAE shows as BONIFICABLE when set). */
  credits: z.number().nullable(),
  is_new: z.boolean(),
  /** Average of the reviews (0..5), null without reviews. */
  rating: z.number().nullable(),
  rating_count: z.number(),
  tags: z.array(z.string()),
  /** ANDPC action number of the DPC programme, when there is one. */
  course_id_dpc: z.string().nullable(),
  audience: z.strictObject({ pharmacistsOnly: z.boolean(), nonPharmacistsOnly: z.boolean(), holdersOnly: z.boolean(), nonHoldersOnly: z.boolean() }),
  /** With a search: the name and an excerpt of the description as HTML (escaped, matches in <mark>). */
  highlight: z.strictObject({ name: z.string(), excerpt: z.string().nullable() }).optional(),
});
export type CatalogCourse = z.infer<typeof CatalogCourseSchema>;

/** GET /catalogue and /catalogue/search. */
export const CataloguePageSchema = z.strictObject({
  items: z.array(CatalogCourseSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
  /** The order applied ("relevance" for a search without an explicit sort). */
  sort: z.enum([...CATALOGUE_SORTS, "relevance"]),
  /** The sort orders this brand offers. */
  sortOptions: z.array(z.enum(CATALOGUE_SORTS)),
});
export type CataloguePage = z.infer<typeof CataloguePageSchema>;

const SessionDateSchema = z.strictObject({ id: z.number(), date: z.string(), startTime: z.string(), endTime: z.string() });

export const SessionPayloadSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  city: z.string().nullable(),
  marketingCity: z.string().nullable(),
  postalCode: z.string().nullable(),
  address: z.string().nullable(),
  startDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  maxParticipants: z.number(),
  currentParticipants: z.number(),
  seatsAvailable: z.number(),
  isFull: z.boolean(),
  multiDates: z.boolean(),
  sessionDates: z.array(SessionDateSchema),
  trainerName: z.string().nullable(),
});
export type SessionPayload = z.infer<typeof SessionPayloadSchema>;

export const PersonPayloadSchema = z.strictObject({ slug: z.string(), name: z.string(), title: z.string().nullable(), photo: z.string().nullable() });
export type PersonPayload = z.infer<typeof PersonPayloadSchema>;

const AgreementSchema = z.strictObject({ name: z.string(), number: z.string(), organisation: z.string() });

/** GET /training/:slug: the course page's training. */
export const TrainingDetailSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  shortName: z.string().nullable(),
  slug: z.string(),
  /** The stored type. */
  type: TrainingTypeSchema,
  /** The type the training counts as (spec section 4): the {trainingType} of its canonical path. */
  effectiveType: TrainingTypeSchema,
  displayType: z.string(),
  dpcSubType: z.enum(["dpc-f2f", "dpc-mixt", "dpc-elearning"]).nullable(),
  /** Any module is a webinar, a virtual class or face to face. */
  isLive: z.boolean(),
  f2fOnly: z.boolean(),
  mixt: z.boolean(),
  description: z.string(),
  objectives: z.string(),
  objectiveSkills: z.array(z.string()),
  objectiveKnowledge: z.array(z.string()),
  courses: z.array(
    z.strictObject({
      id: z.number(),
      name: z.string(),
      type: ModuleKindSchema.nullable(),
      isVirtual: z.boolean(),
      durationMinutes: z.number(),
      modules: z.array(z.strictObject({ id: z.number(), title: z.string(), type: ModuleKindSchema.nullable(), durationMinutes: z.number() })),
    }),
  ),
  durations: z.strictObject({ total: z.number(), faceToFace: z.number().nullable() }),
  faceToFaceDuration: z.number().nullable(),
  faceToFaces: z.array(
    z.strictObject({ id: z.number(), name: z.string(), virtualClass: z.boolean(), noWaitingList: z.boolean(), sessions: z.array(SessionPayloadSchema) }),
  ),
  dpc: z
    .strictObject({
      id: z.number(),
      actionNumber: z.string(),
      name: z.string(),
      illustration: z.string().nullable(),
      videoId: z.string().nullable(),
      priceHT: z.number(),
      currency: z.string(),
      duration: z.number(),
      agreements: z.array(AgreementSchema),
    })
    .nullable(),
  agreements: z.array(AgreementSchema),
  fundings: z.array(z.strictObject({ code: z.string(), name: z.string() })),
  credits: z.number().nullable(),
  priceHT: z.number(),
  currency: z.string(),
  free: z.boolean(),
  isPublished: z.boolean(),
  isNew: z.boolean(),
  isTest: z.boolean(),
  isVirtual: z.boolean(),
  lang: z.string(),
  lastUpdate: z.string().nullable(),
  mainIllustration: z.string().nullable(),
  videoId: z.string().nullable(),
  /** The partner care link: only for logged-in clients of that service, null for everyone else. */
  naocareLink: z.string().nullable(),
  partnerLink: z.string().nullable(),
  groupement: z.string().nullable(),
  providerName: z.string().nullable(),
  trainingOrganization: z.string().nullable(),
  ratings: RatingSchema.nullable(),
  reviews: z.array(
    z.strictObject({ id: z.number(), authorName: z.string(), rating: z.number(), comment: z.string().nullable(), createdAt: z.string().nullable() }),
  ),
  trainers: z.array(PersonPayloadSchema),
  authors: z.array(PersonPayloadSchema),
  points: z.number(),
  tags: z.array(z.string()),
  pharmacistsOnly: z.boolean(),
  nonPharmacistsOnly: z.boolean(),
  holdersOnly: z.boolean(),
  nonHoldersOnly: z.boolean(),
  /** fitsAudience for the visitor (a guest fits, with the restricting flag as reason). */
  audienceFit: z.union([
    z.strictObject({ ok: z.literal(true), reason: z.enum(AUDIENCE_REASONS).optional() }),
    z.strictObject({ ok: z.literal(false), reason: z.enum(AUDIENCE_REASONS) }),
  ]),
  directAccess: z.boolean(),
  displayForAll: z.boolean(),
  availableOnSpace: z.boolean(),
  availableOnStore: z.boolean(),
  availableFunctions: z.array(z.string()),
  hasQuiz: z.boolean(),
  hasNewVersion: z.boolean(),
  obsolete: z.boolean(),
  outdated: z.boolean(),
  workInProgress: z.boolean(),
  isEpp: z.boolean(),
  eppType: z.string().nullable(),
  planF2f: z.boolean(),
  faceToFaceFirst: z.boolean(),
  noPif: z.boolean(),
  NoContractRequired: z.boolean(),
  orgDomTom: z.boolean(),
  sessionsOnDemand: z.boolean(),
  externalPlatformUrl: z.string().nullable(),
  cantStartMessage: z.string().nullable(),
  customRegisterLink: z.string().nullable(),
  moreInfos: z.string().nullable(),
  legalNotice: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  associatedTrainings: z.array(CatalogCourseSchema),
});
export type TrainingDetail = z.infer<typeof TrainingDetailSchema>;

/** GET /training/:slug/ref: a training named by its slug (the learning view's header and links), same 404 rule as the detail. */
export const TrainingRefSchema = z.strictObject({ id: z.number(), name: z.string(), slug: z.string(), effectiveType: TrainingTypeSchema });
export type TrainingRef = z.infer<typeof TrainingRefSchema>;

/** GET /user/bookmarks, and the reply of PUT/DELETE /user/bookmarks/:id: the bookmarked training ids. */
export const BookmarksSchema = IdListSchema;
/** The bookmark toggle (catalogue, search and course pages): the training and whether to add or remove it. */
export const BookmarkFormSchema = z.strictObject({
  trainingId: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, { message: "invalidType" })
    .transform(Number),
  op: z
    .string()
    .max(20)
    .optional()
    .transform((value) => (value === "remove" ? "remove" : "add")),
});
