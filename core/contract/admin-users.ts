import { z } from "zod";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { DaySchema } from "./accounting.ts";
import { adminListQuery, optionFilter, PagingSchema } from "./admin-list.ts";
import { OptionalFormInt } from "./form-fields.ts";

/** Back office, users and discount codes (ADR 0068); their lists follow the list pattern (ADR 0061, ADR 0086). */

/** The search text of the user list: too long is a 422 (the list's other keys are checked by UserListQuerySchema). */
export const UserSearchQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
});
export const USER_SORTS = ["name", "email", "brand", "created"] as const;
/** Search, brand, sort and page of the user list; no cap on the matches, 25 a page. */
export const UserListQuerySchema = adminListQuery(USER_SORTS, "name", { brand: optionFilter(BRAND_KEYS) }, "asc");
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const AdminUserSummarySchema = z.strictObject({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  brand: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
/** A row of the user list: the summary and the roles the user holds in their active memberships (holder, referent, learner). */
export const AdminUserListItemSchema = AdminUserSummarySchema.extend({ roles: z.array(z.string()) });
export const AdminUserListSchema = z.strictObject({ items: z.array(AdminUserListItemSchema), paging: PagingSchema });

export const AdminUserDetailSchema = z.strictObject({
  user: AdminUserSummarySchema.extend({ locale: z.string(), profession: z.string() }),
  memberships: z.array(z.strictObject({ accountId: z.number(), accountName: z.string(), role: z.string(), isActive: z.boolean() })),
  enrolments: z.array(z.strictObject({ id: z.number(), trainingName: z.string(), status: z.string(), createdAt: z.string() })),
  orders: z.array(
    z.strictObject({
      id: z.number(),
      brand: z.string(),
      status: z.string(),
      paymentMethod: z.string().nullable(),
      totalWithVat: z.number(),
      currency: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The administrator looking at it: "make admin" cannot remove oneself. */
  isSelf: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** Grants or removes the administrator role; posted as "true" / "false" by the form. */
export const SetAdminSchema = z.strictObject({ isAdmin: z.enum(["true", "false"]) });

// Discount codes -----------------------------------------------------------------------------------------------

export const DISCOUNT_SORTS = ["created", "code", "brand", "validUntil", "uses"] as const;
/** Search (code), brand, sort and page of the code list; newest first by default. */
export const DiscountListQuerySchema = adminListQuery(DISCOUNT_SORTS, "created", { brand: optionFilter(BRAND_KEYS) });
export type DiscountListQuery = z.infer<typeof DiscountListQuerySchema>;

const Blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
/** A usage limit: at least one use (a code nobody may use is a disabled code), or blank for no limit. */
const Limit = OptionalFormInt(1, 999_999);
const OptionalDay = z.preprocess(Blank, DaySchema.optional());

/**
 * A new code, as the form posts it: the value is a percentage (1 to 100, up to two decimals) or an amount in euros
 * ("15" or "15,50"); dates are calendar days (from the start of the first to the end of the last, Europe/Paris).
 */
export const NewDiscountCodeSchema = z
  .strictObject({
    brand: z.enum(BRAND_KEYS),
    code: z
      .string()
      .trim()
      .min(3)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, { message: "invalidType" }),
    kind: z.enum(["percentage", "fixed"]),
    value: z
      .string()
      .trim()
      .min(1)
      .max(12)
      .regex(/^[0-9]{1,7}([.,][0-9]{1,2})?$/, { message: "invalidType" }),
    validFrom: OptionalDay,
    validUntil: OptionalDay,
    maxUses: Limit,
    maxUsesPerCustomer: Limit,
  })
  .refine((v) => v.kind !== "percentage" || (Number(v.value.replace(",", ".")) > 0 && Number(v.value.replace(",", ".")) <= 100), {
    message: "discountValueRange",
    path: ["value"],
  })
  .refine((v) => Number(v.value.replace(",", ".")) > 0, { message: "discountValueRange", path: ["value"] })
  .refine((v) => !v.validFrom || !v.validUntil || v.validFrom <= v.validUntil, { message: "periodInvalid", path: ["validUntil"] });
export type NewDiscountCode = z.infer<typeof NewDiscountCodeSchema>;

/** Cents or basis points of a posted value ("12,5" % -> 1250; "15,50" EUR -> 1550). */
export function discountValueUnits(value: string): number {
  const [whole, fraction = ""] = value.replace(",", ".").split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

export const AdminDiscountCodeSchema = z.strictObject({
  id: z.number(),
  brand: z.enum(BRAND_KEYS),
  code: z.string(),
  kind: z.enum(["percentage", "fixed"]),
  value: z.number(),
  trainingName: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  uses: z.number(),
  active: z.boolean(),
});
export type AdminDiscountCode = z.infer<typeof AdminDiscountCodeSchema>;
export const AdminDiscountCodesSchema = z.strictObject({ items: z.array(AdminDiscountCodeSchema), paging: PagingSchema });
