import { relations, sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, time, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/** The ten training types; also the valid values of the {trainingType} route parameter. */
export const TRAINING_TYPES = ["dpc", "mixt", "formation", "faceToFaceOnly", "virtualClass", "pdf", "video", "podcast", "webinar", "quiz"] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];

export const TRAINING_LANGS = ["fr", "es"] as const;

/** Module types (spec "Module types"); 8 is not used. */
export const MODULE_TYPES = {
  elearning: 1,
  faceToFace: 2,
  virtualClass: 3,
  video: 4,
  podcast: 5,
  webinar: 6,
  quiz: 7,
  pdf: 9,
} as const;
export type ModuleType = (typeof MODULE_TYPES)[keyof typeof MODULE_TYPES];

/** Objective types: 1 skill, 2 knowledge. */
export const OBJECTIVE_TYPES = { skill: 1, knowledge: 2 } as const;

export const FUNDING_CODES = ["DPC", "FUNDAE", "BONIFICABLE", "FIFPL", "OPCO", "free"] as const;
export const PERSON_ROLES = ["trainer", "author"] as const;

const brandCheck = (column: unknown) => sql`${column} in ('fr','be','es','es-campus')`;
const moduleTypeCheck = (column: unknown) => sql`${column} in (1,2,3,4,5,6,7,9)`;

/** A training as sold and shown in the catalogue. Derived values (display type, live, seats) are computed. */
export const trainings = pgTable(
  "trainings",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    lang: text("lang").notNull(),
    slug: text("slug").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    shortName: text("short_name"),
    /** HTML (sanitised on write). */
    description: text("description").notNull().default(""),
    /** HTML summary of the objectives; the itemised list is the `objectives` table. */
    objectives: text("objectives"),
    durationMinutes: integer("duration_minutes").notNull().default(0),
    faceToFaceDurationMinutes: integer("face_to_face_duration_minutes"),
    priceHtCents: integer("price_ht_cents").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    free: boolean("free").notNull().default(false),
    /** Funding credits (FUNDAE credit hours, Belgian CF points...); null when none. */
    credits: integer("credits"),
    points: integer("points").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(true),
    isNew: boolean("is_new").notNull().default(false),
    isTest: boolean("is_test").notNull().default(false),
    isVirtual: boolean("is_virtual").notNull().default(false),
    mainIllustration: text("main_illustration"),
    videoId: text("video_id"),
    /** Link to the partner care site, shown only to logged-in clients of that service. */
    naocareLink: text("naocare_link"),
    /** Generic partner site link. */
    partnerLink: text("partner_link"),
    /** Grouping key (groupings.slug) when the training is reserved to or promoted by a grouping. */
    groupement: text("groupement"),
    providerName: text("provider_name"),
    trainingOrganization: text("training_organization"),
    pharmacistsOnly: boolean("pharmacists_only").notNull().default(false),
    nonPharmacistsOnly: boolean("non_pharmacists_only").notNull().default(false),
    holdersOnly: boolean("holders_only").notNull().default(false),
    nonHoldersOnly: boolean("non_holders_only").notNull().default(false),
    directAccess: boolean("direct_access").notNull().default(false),
    displayForAll: boolean("display_for_all").notNull().default(false),
    availableOnSpace: boolean("available_on_space").notNull().default(true),
    availableOnStore: boolean("available_on_store").notNull().default(true),
    /** Professions (users.profession values) that may buy it in the shop. */
    availableFunctions: text("available_functions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hasQuiz: boolean("has_quiz").notNull().default(false),
    hasNewVersion: boolean("has_new_version").notNull().default(false),
    obsolete: boolean("obsolete").notNull().default(false),
    outdated: boolean("outdated").notNull().default(false),
    workInProgress: boolean("work_in_progress").notNull().default(false),
    isEpp: boolean("is_epp").notNull().default(false),
    eppType: text("epp_type"),
    planF2f: boolean("plan_f2f").notNull().default(false),
    faceToFaceFirst: boolean("face_to_face_first").notNull().default(false),
    noPif: boolean("no_pif").notNull().default(false),
    noContractRequired: boolean("no_contract_required").notNull().default(false),
    orgDomTom: boolean("org_dom_tom").notNull().default(false),
    sessionsOnDemand: boolean("sessions_on_demand").notNull().default(false),
    externalPlatformUrl: text("external_platform_url"),
    cantStartMessage: text("cant_start_message"),
    customRegisterLink: text("custom_register_link"),
    moreInfos: text("more_infos"),
    legalNotice: text("legal_notice"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** Cached average of reviews.rating (0..5, two decimals) and their count. */
    ratingAverage: numeric("rating_average", { precision: 3, scale: 2, mode: "number" }),
    ratingCount: integer("rating_count").notNull().default(0),
    /**
     * What the training counts for in the compliance tracker (issue 33, ADR 0124): the ANDPC action types it is
     * (an integrated programme is several), whether it serves an orientation prioritaire, the certification
     * périodique axes (1 to 4), the Belgian CF category, and the Spanish RCF credits.
     */
    dpcActionTypes: text("dpc_action_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priorityOrientation: boolean("priority_orientation").notNull().default(false),
    certificationAxes: integer("certification_axes")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    belgianCategory: text("belgian_category"),
    rcfCredits: numeric("rcf_credits", { precision: 5, scale: 2, mode: "number" }),
    /** When the content was last updated (content_last_updated_at). */
    lastUpdate: timestamp("last_update", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trainings_brand_slug_unique").on(t.brand, t.slug),
    index("trainings_catalogue_idx").on(t.brand, t.isPublished, t.type),
    index("trainings_brand_created_idx").on(t.brand, t.createdAt.desc()),
    index("trainings_brand_name_idx").on(t.brand, t.name),
    index("trainings_brand_rating_idx").on(t.brand, t.ratingAverage.desc()),
    check("trainings_brand_check", brandCheck(t.brand)),
    check("trainings_lang_check", sql`${t.lang} in ('fr','es')`),
    check("trainings_type_check", sql`${t.type} in ('dpc','mixt','formation','faceToFaceOnly','virtualClass','pdf','video','podcast','webinar','quiz')`),
    check("trainings_duration_check", sql`${t.durationMinutes} >= 0`),
    check("trainings_price_check", sql`${t.priceHtCents} >= 0`),
    check("trainings_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("trainings_rating_check", sql`${t.ratingAverage} is null or ${t.ratingAverage} between 0 and 5`),
    check("trainings_rating_count_check", sql`${t.ratingCount} >= 0`),
    check("trainings_audience_pharmacist_check", sql`not (${t.pharmacistsOnly} and ${t.nonPharmacistsOnly})`),
    check("trainings_audience_holder_check", sql`not (${t.holdersOnly} and ${t.nonHoldersOnly})`),
    check("trainings_dpc_action_types_check", sql`${t.dpcActionTypes} <@ array['training','practice_analysis','risk_management']::text[]`),
    check("trainings_certification_axes_check", sql`${t.certificationAxes} <@ array[1,2,3,4]::integer[]`),
    check(
      "trainings_belgian_category_check",
      sql`${t.belgianCategory} is null or ${t.belgianCategory} in ('pharmaceutical_sciences','pharmaceutical_care','health_society')`,
    ),
    check("trainings_rcf_credits_check", sql`${t.rcfCredits} is null or ${t.rcfCredits} >= 0`),
  ],
);

export const trainingTags = pgTable(
  "training_tags",
  {
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.tag] }), index("training_tags_tag_idx").on(t.tag)],
);

/** An ordered part of a training, delivered in one module type (e-learning, face-to-face...). */
export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    moduleType: integer("module_type").notNull(),
    name: text("name").notNull(),
    isVirtual: boolean("is_virtual").notNull().default(false),
    durationMinutes: integer("duration_minutes").notNull().default(0),
  },
  (t) => [
    uniqueIndex("courses_training_position_unique").on(t.trainingId, t.position),
    check("courses_module_type_check", moduleTypeCheck(t.moduleType)),
    check("courses_duration_check", sql`${t.durationMinutes} >= 0`),
  ],
);

export const modules = pgTable(
  "modules",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: integer("type").notNull(),
    title: text("title").notNull(),
    /** HTML page for e-learning modules. */
    content: text("content"),
    /** Path under public/ (e.g. /media/x.pdf) for pdf, video and podcast modules. */
    mediaPath: text("media_path"),
    durationMinutes: integer("duration_minutes").notNull().default(0),
  },
  (t) => [
    uniqueIndex("modules_course_position_unique").on(t.courseId, t.position),
    check("modules_type_check", moduleTypeCheck(t.type)),
    check("modules_duration_check", sql`${t.durationMinutes} >= 0`),
  ],
);

export const objectives = pgTable(
  "objectives",
  {
    id: serial("id").primaryKey(),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    /** 1 skill, 2 knowledge. */
    type: integer("type").notNull(),
    position: integer("position").notNull().default(0),
    text: text("text").notNull(),
  },
  (t) => [index("objectives_training_idx").on(t.trainingId), check("objectives_type_check", sql`${t.type} in (1,2)`)],
);

export const faceToFaces = pgTable(
  "face_to_faces",
  {
    id: serial("id").primaryKey(),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    virtualClass: boolean("virtual_class").notNull().default(false),
    noWaitingList: boolean("no_waiting_list").notNull().default(false),
  },
  (t) => [index("face_to_faces_training_idx").on(t.trainingId)],
);

export const people = pgTable(
  "people",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    title: text("title"),
    bio: text("bio"),
    photo: text("photo"),
  },
  (t) => [uniqueIndex("people_brand_slug_unique").on(t.brand, t.slug), check("people_brand_check", brandCheck(t.brand))],
);

export const faceToFaceSessions = pgTable(
  "face_to_face_sessions",
  {
    id: serial("id").primaryKey(),
    faceToFaceId: integer("face_to_face_id")
      .notNull()
      .references(() => faceToFaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    city: text("city"),
    marketingCity: text("marketing_city"),
    postalCode: text("postal_code"),
    address: text("address"),
    startDate: date("start_date").notNull(),
    startTime: time("start_time"),
    endTime: time("end_time"),
    maxParticipants: integer("max_participants").notNull(),
    currentParticipants: integer("current_participants").notNull().default(0),
    multiDates: boolean("multi_dates").notNull().default(false),
    trainerId: integer("trainer_id").references(() => people.id, { onDelete: "set null" }),
    /** Join link for virtual-class sessions. */
    virtualClassUrl: text("virtual_class_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("face_to_face_sessions_f2f_date_idx").on(t.faceToFaceId, t.startDate),
    index("face_to_face_sessions_date_idx").on(t.startDate),
    check("face_to_face_sessions_max_check", sql`${t.maxParticipants} > 0`),
    check("face_to_face_sessions_seats_check", sql`${t.currentParticipants} >= 0 and ${t.currentParticipants} <= ${t.maxParticipants}`),
  ],
);

export const sessionDates = pgTable(
  "session_dates",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => faceToFaceSessions.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
  },
  (t) => [
    uniqueIndex("session_dates_session_date_unique").on(t.sessionId, t.date, t.startTime),
    check("session_dates_time_check", sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** ANDPC programme of a French DPC training (11-digit action number). */
export const dpcProgrammes = pgTable(
  "dpc_programmes",
  {
    id: serial("id").primaryKey(),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    actionNumber: text("action_number").notNull(),
    name: text("name").notNull(),
    illustration: text("illustration"),
    videoId: text("video_id"),
    priceHtCents: integer("price_ht_cents").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    durationMinutes: integer("duration_minutes").notNull().default(0),
  },
  (t) => [
    uniqueIndex("dpc_programmes_action_number_unique").on(t.actionNumber),
    index("dpc_programmes_training_idx").on(t.trainingId),
    check("dpc_programmes_action_number_check", sql`${t.actionNumber} ~ '^[0-9]{11}$'`),
    check("dpc_programmes_price_check", sql`${t.priceHtCents} >= 0`),
  ],
);

export const agreements = pgTable(
  "agreements",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    number: text("number").notNull(),
    organisation: text("organisation").notNull(),
  },
  (t) => [uniqueIndex("agreements_org_number_unique").on(t.organisation, t.number)],
);

export const dpcProgrammeAgreements = pgTable(
  "dpc_programme_agreements",
  {
    programmeId: integer("programme_id")
      .notNull()
      .references(() => dpcProgrammes.id, { onDelete: "cascade" }),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.programmeId, t.agreementId] }), index("dpc_programme_agreements_agreement_idx").on(t.agreementId)],
);

export const fundings = pgTable(
  "fundings",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("fundings_code_unique").on(t.code), check("fundings_code_check", sql`${t.code} in ('DPC','FUNDAE','BONIFICABLE','FIFPL','OPCO','free')`)],
);

export const trainingFundings = pgTable(
  "training_fundings",
  {
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    fundingId: integer("funding_id")
      .notNull()
      .references(() => fundings.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.trainingId, t.fundingId] }), index("training_fundings_funding_idx").on(t.fundingId)],
);

export const trainingPeople = pgTable(
  "training_people",
  {
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.personId, t.role] }),
    index("training_people_person_idx").on(t.personId),
    check("training_people_role_check", sql`${t.role} in ('trainer','author')`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reviews_training_created_idx").on(t.trainingId, t.createdAt.desc()),
    index("reviews_user_idx").on(t.userId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

export const associatedTrainings = pgTable(
  "associated_trainings",
  {
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    associatedTrainingId: integer("associated_training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.trainingId, t.associatedTrainingId] }),
    check("associated_trainings_self_check", sql`${t.trainingId} <> ${t.associatedTrainingId}`),
  ],
);

// Relations (for db.query.*). Those of `trainings` and `modules` are declared in learning.ts, with
// their learning-side relations: drizzle's types need one relations() per table.
export const trainingTagsRelations = relations(trainingTags, ({ one }) => ({
  training: one(trainings, { fields: [trainingTags.trainingId], references: [trainings.id] }),
}));
export const coursesRelations = relations(courses, ({ one, many }) => ({
  training: one(trainings, { fields: [courses.trainingId], references: [trainings.id] }),
  modules: many(modules),
}));
export const objectivesRelations = relations(objectives, ({ one }) => ({
  training: one(trainings, { fields: [objectives.trainingId], references: [trainings.id] }),
}));
export const faceToFacesRelations = relations(faceToFaces, ({ one, many }) => ({
  training: one(trainings, { fields: [faceToFaces.trainingId], references: [trainings.id] }),
  sessions: many(faceToFaceSessions),
}));
export const faceToFaceSessionsRelations = relations(faceToFaceSessions, ({ one, many }) => ({
  faceToFace: one(faceToFaces, { fields: [faceToFaceSessions.faceToFaceId], references: [faceToFaces.id] }),
  trainer: one(people, { fields: [faceToFaceSessions.trainerId], references: [people.id] }),
  dates: many(sessionDates),
}));
export const sessionDatesRelations = relations(sessionDates, ({ one }) => ({
  session: one(faceToFaceSessions, { fields: [sessionDates.sessionId], references: [faceToFaceSessions.id] }),
}));
export const dpcProgrammesRelations = relations(dpcProgrammes, ({ one, many }) => ({
  training: one(trainings, { fields: [dpcProgrammes.trainingId], references: [trainings.id] }),
  agreements: many(dpcProgrammeAgreements),
}));
export const agreementsRelations = relations(agreements, ({ many }) => ({
  programmes: many(dpcProgrammeAgreements),
}));
export const dpcProgrammeAgreementsRelations = relations(dpcProgrammeAgreements, ({ one }) => ({
  programme: one(dpcProgrammes, { fields: [dpcProgrammeAgreements.programmeId], references: [dpcProgrammes.id] }),
  agreement: one(agreements, { fields: [dpcProgrammeAgreements.agreementId], references: [agreements.id] }),
}));
export const fundingsRelations = relations(fundings, ({ many }) => ({
  trainings: many(trainingFundings),
}));
export const trainingFundingsRelations = relations(trainingFundings, ({ one }) => ({
  training: one(trainings, { fields: [trainingFundings.trainingId], references: [trainings.id] }),
  funding: one(fundings, { fields: [trainingFundings.fundingId], references: [fundings.id] }),
}));
export const peopleRelations = relations(people, ({ many }) => ({
  trainings: many(trainingPeople),
  sessions: many(faceToFaceSessions),
}));
export const trainingPeopleRelations = relations(trainingPeople, ({ one }) => ({
  training: one(trainings, { fields: [trainingPeople.trainingId], references: [trainings.id] }),
  person: one(people, { fields: [trainingPeople.personId], references: [people.id] }),
}));
export const reviewsRelations = relations(reviews, ({ one }) => ({
  training: one(trainings, { fields: [reviews.trainingId], references: [trainings.id] }),
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
}));
export const associatedTrainingsRelations = relations(associatedTrainings, ({ one }) => ({
  training: one(trainings, { fields: [associatedTrainings.trainingId], references: [trainings.id], relationName: "training" }),
  associated: one(trainings, {
    fields: [associatedTrainings.associatedTrainingId],
    references: [trainings.id],
    relationName: "associated",
  }),
}));
