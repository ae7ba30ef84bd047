/**
 * The shop's API contract (spec section 7, Shop; ADR 0030/0031): request schemas the Hono routes validate with,
 * response schemas the web tier's back client checks replies with. Money is in integer cents.
 */
import { z } from "zod";
import { CatalogCourseSchema } from "./catalogue.ts";
import { Id, IdParam } from "./ids.ts";

// ------------------------------------------------------------------ requests

/** A product to add: a training id, or `{ productId, quantity }` (one seat per line: quantity is 1). */
export const AddProductItemSchema = z.union([Id, z.strictObject({ productId: Id, quantity: z.int().min(1).max(1).optional() })]);

/** POST /api/shop/add/products */
export const AddProductsSchema = z.strictObject({ products: z.array(AddProductItemSchema).min(1).max(20) });

/** POST /api/shop/remove/product: productId is the training id of the cart line. */
export const RemoveProductSchema = z.strictObject({ productId: Id });

/** POST /api/shop/getAvailableFunctions/product */
export const AvailableFunctionsSchema = z.strictObject({ productId: Id, type: z.string().min(1).max(40).optional() });

/** POST /api/shop/setProductFunction/product */
export const SetProductFunctionSchema = z.strictObject({ productCartId: Id, functionName: z.string().min(1).max(40) });

/** POST /api/shop/getAvailableFundings/product */
export const AvailableFundingsSchema = z.strictObject({ productId: Id, function: z.string().min(1).max(40).optional() });

/** POST /api/shop/setProductFunding/product */
export const SetProductFundingSchema = z.strictObject({ productCartId: Id, fundingId: Id });

/** POST /api/shop/setProductSession/product: sessionCourseId is the session's face-to-face group. */
export const SetProductSessionSchema = z.strictObject({ productCartId: Id, sessionId: Id, sessionCourseId: Id });

/** The {code} of /api/shop/addDiscount/{code}. */
export const DiscountCodeParamsSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: "invalidType" }) });

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);
const QueryInt = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[0-9]{1,9}$/, { message: "invalidType" })
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .default(fallback),
  );

export const SHOP_PAGE_SIZE = 24;
/**
 * The shop page's own page (web tier, /boutique): half the API's default, so the page stays within its weight budget
 * (ADR 0129). The API's default and bounds are unchanged.
 */
export const SHOP_CARDS_PER_PAGE = 12;

/** GET /api/shop/products?page=&pageSize= : the store's listing, a page at a time (past the end: the last page). */
export const ShopListingQuerySchema = z.object({ page: QueryInt(1, 100_000, 1), pageSize: QueryInt(1, 48, SHOP_PAGE_SIZE) });

// ------------------------------------------------------------------ responses

export const AvailableFunctionSchema = z.object({ name: z.string() });
export const AvailableFunctionsReplySchema = z.array(AvailableFunctionSchema);

export const AvailableFundingSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), label: z.string() });
export const AvailableFundingsReplySchema = z.array(AvailableFundingSchema);

/** A session a cart line can choose: setProductSession's sessionId and sessionCourseId (its group), and its seats. */
export const CartSessionChoiceSchema = z.object({
  sessionId: z.number(),
  sessionCourseId: z.number(),
  groupName: z.string(),
  virtualClass: z.boolean(),
  /** The marketing city, else the city; null for a virtual class without one. */
  city: z.string().nullable(),
  /** yyyy-mm-dd */
  startDate: z.string(),
  /** HH:mm */
  startTime: z.string().nullable(),
  seatsAvailable: z.number(),
  isFull: z.boolean(),
});
export type CartSessionChoice = z.infer<typeof CartSessionChoiceSchema>;

/**
 * What a cart line can choose, computed with the cart (a few batched queries, whatever the number of lines): the
 * same lists as getAvailableFunctions and getAvailableFundings, and the sessions not started yet with their seats.
 */
export const CartLineChoicesSchema = z.object({
  functions: z.array(z.string()),
  fundings: z.array(AvailableFundingSchema),
  sessions: z.array(CartSessionChoiceSchema),
});

export const CartProductSchema = z.object({
  /** The cart line id (the spec's productCartId). */
  id: z.number(),
  /** The training id. */
  productId: z.number(),
  name: z.string(),
  slug: z.string(),
  trainingType: z.string(),
  /** The type the training counts as (spec section 4: a virtual face-to-face is a virtual class...): its page path. */
  effectiveType: z.string(),
  /** Price HT in cents, before discount. */
  price: z.number(),
  /** This line's share of the discount, in cents. */
  discount: z.number(),
  currency: z.string(),
  functionName: z.string().nullable(),
  sessionId: z.number().nullable(),
  sessionCourseId: z.number().nullable(),
  fundingId: z.number().nullable(),
  /** The funding's label as shown (BONIFICABLE shows as FUNDAE). */
  fundingLabel: z.string().nullable(),
  /** Whether the line still needs a session (face-to-face, virtual class) before paying. */
  needsSession: z.boolean(),
  /** Whether the line still needs a function before paying. */
  needsFunction: z.boolean(),
  choices: CartLineChoicesSchema,
});
export type CartProduct = z.infer<typeof CartProductSchema>;

/** The spec's Cart (id, products, commandId, total, totalDiscount, totalWithVat, vat) and what the page shows. */
export const CartSchema = z.object({
  id: z.number(),
  products: z.array(CartProductSchema),
  /** The pending order of this cart (card payment under way), else null. */
  commandId: z.number().nullable(),
  /** Sum of prices before discount, HT. */
  subtotal: z.number(),
  /** After discount, HT. */
  total: z.number(),
  totalDiscount: z.number(),
  vat: z.number(),
  totalWithVat: z.number(),
  vatRateBasisPoints: z.number(),
  vatExemptionMention: z.string().nullable(),
  currency: z.string(),
  discountCode: z.string().nullable(),
  /** Whether every line has what it needs (session, function) to be paid. */
  readyToPay: z.boolean(),
  /** The realtime channel carrying CartUpdate for this cart (its owner may subscribe). */
  channel: z.string(),
});
export type Cart = z.infer<typeof CartSchema>;

/** A training of the store's listing: its catalogue card and its sessions not started yet, with their seats. */
export const ShopItemSchema = z.object({ course: CatalogCourseSchema, sessions: z.array(CartSessionChoiceSchema) });

/** GET /api/shop/products: the trainings the store sells (available on the store, with a price), newest first. */
export const ShopListingSchema = z.object({
  items: z.array(ShopItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
});
export type ShopListing = z.infer<typeof ShopListingSchema>;

/** GET /api/shop/cart: the cart, or null when there is none. Every mutation answers the whole cart. */
export const CartReplySchema = CartSchema.nullable();

export const ORDER_STATUSES = ["cart", "pending", "paid", "failed", "cancelled"] as const;

/** The session an order line was bought for: its day and place (the city, else the group's name; a virtual class has none). */
export const OrderLineSessionSchema = z.object({
  /** yyyy-mm-dd */
  startDate: z.string(),
  city: z.string().nullable(),
  groupName: z.string(),
  virtualClass: z.boolean(),
});
export type OrderLineSession = z.infer<typeof OrderLineSessionSchema>;

export const OrderLineSchema = z.object({
  trainingId: z.number(),
  name: z.string(),
  trainingType: z.string(),
  functionName: z.string().nullable(),
  sessionId: z.number().nullable(),
  /** The chosen session (issue 30 item 8), null when the line has none. */
  session: OrderLineSessionSchema.nullable(),
  fundingId: z.number().nullable(),
  /** The chosen funding as shown (BONIFICABLE shows as FUNDAE), null when none. */
  fundingLabel: z.string().nullable(),
  price: z.number(),
  discount: z.number(),
  net: z.number(),
});

export const OrderSchema = z.object({
  id: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(["card", "check", "free"]).nullable(),
  lines: z.array(OrderLineSchema),
  subtotal: z.number(),
  total: z.number(),
  totalDiscount: z.number(),
  vat: z.number(),
  totalWithVat: z.number(),
  currency: z.string(),
  discountCode: z.string().nullable(),
  /** A translated message when the payment failed (a seat gone, card refused). */
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  invoice: z.object({ id: z.number(), number: z.string(), downloadPath: z.string() }).nullable(),
  /** The credit note that reversed the invoice (ADR 0094), once the back office issued one. */
  creditNote: z.object({ id: z.number(), number: z.string(), issuedAt: z.string(), downloadPath: z.string() }).nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * GET /api/shop/getPaymentToken: how to send the buyer to the provider. `method` GET: navigate to `url`;
 * POST: submit a form with `fields` to `url` (SystemPay); `formToken` for an embedded SystemPay form.
 */
export const PaymentStartSchema = z.object({
  orderId: z.number(),
  provider: z.string(),
  method: z.enum(["GET", "POST"]),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  formToken: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof PaymentStartSchema>;

/**
 * The provider of POST /api/shop/payments/notify/{provider}, as text: an unknown provider is the handler's 404
 * (shopNotificationInvalid), never a 422, so any text passes here.
 */
export const PaymentNotificationParamsSchema = z.object({ provider: z.string() });

/** What a payment notification did to its order (a replayed one changes nothing). */
export const PaymentNotificationReplySchema = z.object({
  result: z.enum(["paid", "failed", "cancelled", "pending", "replayed", "ignored", "seatGone"]),
});

// ------------------------------------------------------------------ the web forms (posted strings; ADR 0036)

/** The shop's forms, by their `intent`: the ids are posted as text. */
export const ShopAddFormSchema = z.strictObject({ productId: IdParam });
export const ShopRemoveFormSchema = z.strictObject({ productId: IdParam });
/** The session select posts "sessionId:sessionCourseId" (one control for both). */
const SessionChoiceField = z
  .string()
  .regex(/^[1-9][0-9]{0,9}:[1-9][0-9]{0,9}$/, { message: "invalidType" })
  .transform((value) => value.split(":").map(Number) as [number, number]);
/**
 * One cart line's choices, in one form (issue 30 item 8, ADR 0115): the function, the session and the funding the
 * line offers. A select left on its placeholder posts nothing: that choice is left as it is.
 */
export const ShopLineFormSchema = z.strictObject({
  productCartId: IdParam,
  functionName: z.string().min(1).max(40).optional(),
  session: SessionChoiceField.optional(),
  fundingId: IdParam.optional(),
});
export const ShopDiscountFormSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: "invalidType" }),
});
export const ShopEmptyFormSchema = z.strictObject({});
