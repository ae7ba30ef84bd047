import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Brands are configuration (app/branding), stored here by key: fr, be, es, es-campus. */
export const BRAND_KEYS = ["fr", "be", "es", "es-campus"] as const;
export const LOCALES = ["fr-FR", "fr-BE", "es-ES", "en-US"] as const;
export const MEMBERSHIP_ROLES = ["holder", "referent", "learner"] as const;
export const CONTRACT_TYPES = ["standard", "shop", "readonly"] as const;
export const PROFESSIONS = ["pharmacist", "preparer", "assistant", "student", "other"] as const;

export const advisors = pgTable("advisors", {
  id: serial("id").primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  gender: text("gender").notNull().default("M"),
  avatarPath: text("avatar_path").notNull(),
});

/** An establishment (pharmacy) that holds a contract; memberships tie users to it. */
export const accounts = pgTable(
  "accounts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    country: text("country").notNull(),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    /** The pharmacy's tax number printed on its invoices (ADR 0102): French or Belgian VAT number, Spanish NIF. */
    taxId: text("tax_id"),
    registrationNumber: text("registration_number"),
    advisorId: integer("advisor_id").references(() => advisors.id, { onDelete: "set null" }),
    canAccessTrainingPlan: boolean("can_access_training_plan").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("accounts_brand_check", sql`${t.brand} in ('fr','be','es','es-campus')`)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    gender: text("gender"),
    phone: text("phone"),
    mobilePhone: text("mobile_phone"),
    birthDate: date("birth_date"),
    profession: text("profession").notNull().default("pharmacist"),
    professionalNumber: text("professional_number"),
    /**
     * The day the professional was registered (Ordre, or first practice): it sets their certification périodique
     * cycle (issue 33); null when not given, read as registered before the first cycle.
     */
    registeredOn: date("registered_on"),
    brand: text("brand").notNull().default("fr"),
    locale: text("locale").notNull().default("fr-FR"),
    appId: text("app_id"),
    isAdmin: boolean("is_admin").notNull().default(false),
    advisorId: integer("advisor_id").references(() => advisors.id, { onDelete: "set null" }),
    /** Last account chosen; the session holds the one in use. */
    currentAccountId: integer("current_account_id").references(() => accounts.id, { onDelete: "set null" }),
    mustGiveConsent: boolean("must_give_consent").notNull().default(false),
    hasGivenConsent: boolean("has_given_consent"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    isPartnerCareClient: boolean("is_partner_care_client").notNull().default(false),
    /**
     * When the address was confirmed (ADR 0109). The public sign-up writes null until its owner follows the link of the
     * confirmation mail, and such an account may not pay; any other account (invitation, back office, seed, accounts
     * made before the public sign-up) counts as confirmed when it is made.
     */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }).defaultNow(),
    avatarPath: text("avatar_path"),
    sortOption: text("sort_option"),
    volume: integer("volume").notNull().default(100),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    check("users_brand_check", sql`${t.brand} in ('fr','be','es','es-campus')`),
    check("users_volume_check", sql`${t.volume} between 0 and 100`),
  ],
);

/**
 * A shop customer's billing details (ADR 0102): what an invoice made out to them prints besides their name, for a
 * purchase not made for a pharmacy (a pharmacy's invoices print the account's). One row per user; the country is
 * the seller's (the brand's) when given at checkout.
 */
export const billingProfiles = pgTable(
  "billing_profiles",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text("company_name"),
    address: text("address").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    taxId: text("tax_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("billing_profiles_country_check", sql`${t.country} in ('FR','BE','ES')`)],
);

export const memberships = pgTable(
  "memberships",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountId] }),
    index("memberships_account_idx").on(t.accountId),
    check("memberships_role_check", sql`${t.role} in ('holder','referent','learner')`),
  ],
);

/**
 * A contract belongs to an account; a user without account may hold a personal one
 * (shop customers). The contract in force decides contractType and contractValidDate.
 */
export const contracts = pgTable(
  "contracts",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull().default("standard"),
    productName: text("product_name").notNull(),
    validFrom: date("valid_from").notNull(),
    validUntil: date("valid_until"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contracts_account_idx").on(t.accountId),
    index("contracts_user_idx").on(t.userId),
    check("contracts_type_check", sql`${t.type} in ('standard','shop','readonly')`),
    check("contracts_owner_check", sql`${t.accountId} is not null or ${t.userId} is not null`),
  ],
);

/** Server-side sessions: the cookie carries a random id, the table its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    userAgent: text("user_agent"),
    /** "Remember me": a persistent cookie and a longer server-side lifetime. */
    persistent: boolean("persistent").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use tokens (password reset, cross-platform arrival, invitations, e-mail confirmation), stored hashed. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email"),
    payload: text("payload"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash),
    check("auth_tokens_kind_check", sql`${t.kind} in ('password_reset','cross_platform','invitation','email_confirmation')`),
  ],
);

/** Failed login attempts, for rate limiting when Redis is not configured. */
/**
 * Fixed-window counters (login failures per account and per address, and other limits): one row per scope,
 * counted by a single upsert so that parallel requests cannot all slip under the limit (ADR 0017).
 */
export const rateLimits = pgTable("rate_limits", {
  scope: text("scope").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
