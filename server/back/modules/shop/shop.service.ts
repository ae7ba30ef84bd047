/**
 * The shop's use cases (issue 14, ADR 0030/0031): carts (anonymous behind the cart cookie, or the user's), their
 * lines and choices, discount codes, orders, payments through a PaymentProvider, invoices and the confirmation
 * mail. Every cart change answers the whole cart and publishes CartUpdate on the cart's private channel.
 */
import { createHash, randomBytes } from "node:crypto";
import { BRANDS, type Brand, type BrandKey } from "#core/branding/brands.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import type { Cart, CartProduct, CartSessionChoice, Order, PaymentStart, ShopListing } from "#core/contract/shop.ts";
import { computeCartTotals } from "#core/domain/cart-totals.ts";
import { sameCheckout, type Checkout } from "#core/domain/checkout.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { checkDiscount, normalizeDiscountCode, type Discount, type DiscountRefusal } from "#core/domain/discounts.ts";
import { fundingLabel } from "#core/domain/funding.ts";
import { paginate } from "#core/domain/pagination.ts";
import { isSessionFull, seatsAvailable, sortSessionsByDate } from "#core/domain/sessions.ts";
import { effectiveTrainingType, hasFaceToFace, isTrainingType } from "#core/domain/training-types.ts";
import { SHOP_CONTRACT_TYPE } from "#core/domain/user-state.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import { isLocale, pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/pages.ts";
import { cardPaymentProvider } from "../../../env.ts";
import { orderConfirmationMail } from "../../../mail/order-templates.ts";
import { invoiceLocale, invoiceSeller } from "../invoices/invoice-parties.ts";
import { invoiceBuyerOf, requireCompleteBilling } from "../billing/billing.service.ts";
import { requireConfirmedEmail } from "../signup/signup.service.ts";
import { invoiceLines, invoicePdf, lineChoices } from "../invoices/invoices.service.ts";
import { findCreditNoteOfOrder, listOrderLinesWithChoices } from "../invoices/invoices.repository.ts";
import type { IncomingNotification, PaymentProvider, VerifiedNotification } from "../../../payments/provider.ts";
import { createSandboxProvider } from "../../../payments/sandbox.ts";
import { createSystemPayProvider } from "../../../payments/systempay.ts";
import { cartChannelName } from "../../../realtime/app-channels.ts";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import type { BackDeps, SessionState } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import type { MessageKey, ServerLocale, Translate } from "../../i18n/messages.ts";
import { listCoursesByIds } from "../catalogue/catalogue-listing.service.ts";
import { listMemberships } from "../user/user.repository.ts";
import { sessionUserPayload } from "../user/user.service.ts";
import { mailChequeInstructions } from "./cheque-instructions.service.ts";
import * as repo from "./shop.repository.ts";

export const CART_COOKIE = "cart";
export const CART_COOKIE_DAYS = 30;

export type ShopCtx = {
  deps: BackDeps;
  brand: Brand;
  locale: ServerLocale;
  t: Translate;
  /** The request's session, null for a visitor; userId and accountId are its. */
  session: SessionState | null;
  userId: number | null;
  accountId: number | null;
  /** The cart cookie's value (anonymous visitors). */
  cartToken: string | null;
  /** Sets the cart cookie (a new anonymous cart). */
  setCartToken(token: string): void;
};

export function hashCartToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

const isPlausibleToken = (token: string | null): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(token);

// ------------------------------------------------------------------ guard and cart lookup

/** The shopping guard (spec 6): the shop is for visitors (logged out) and users whose contract type is shop. */
export async function requireShopContext(ctx: ShopCtx): Promise<void> {
  if (ctx.session === null) return;
  const user = await sessionUserPayload(ctx.deps.db, ctx.session);
  if (user.loggedIn && user.contractType !== SHOP_CONTRACT_TYPE) throw new AppError("FORBIDDEN", "shopNotAvailable");
}

async function findCart(ctx: ShopCtx): Promise<repo.CartRow | undefined> {
  const { db } = ctx.deps;
  if (ctx.userId !== null) return repo.findUserCart(db, ctx.userId, ctx.brand.key);
  if (!isPlausibleToken(ctx.cartToken)) return undefined;
  return repo.findTokenCart(db, hashCartToken(ctx.cartToken), ctx.brand.key);
}

async function findOrCreateCart(ctx: ShopCtx): Promise<repo.CartRow> {
  const existing = await findCart(ctx);
  if (existing) return existing;
  const now = ctx.deps.now();
  if (ctx.userId !== null) {
    try {
      return await repo.insertCart(ctx.deps.db, { brand: ctx.brand.key, userId: ctx.userId, tokenHash: null, now });
    } catch (error) {
      // Two first adds at once: the unique (user, brand) index lets one cart through.
      if (!repo.isUniqueViolation(error)) throw error;
      return (await repo.findUserCart(ctx.deps.db, ctx.userId, ctx.brand.key))!;
    }
  }
  const token = randomBytes(32).toString("base64url");
  const cart = await repo.insertCart(ctx.deps.db, { brand: ctx.brand.key, userId: null, tokenHash: hashCartToken(token), now });
  ctx.setCartToken(token);
  return cart;
}

async function requireCart(ctx: ShopCtx): Promise<repo.CartRow> {
  const cart = await findCart(ctx);
  if (!cart) throw new AppError("CONFLICT", "shopCartEmpty");
  return cart;
}

// ------------------------------------------------------------------ the cart payload

const discountOf = (row: repo.DiscountRow): Discount => ({
  code: row.code,
  kind: row.kind as Discount["kind"],
  value: row.value,
  trainingId: row.trainingId,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  maxUses: row.maxUses,
  maxUsesPerCustomer: row.maxUsesPerCustomer,
});

function needsSession(training: repo.ShopTrainingRow, withSessions: Set<number>): boolean {
  if (training.sessionsOnDemand || !withSessions.has(training.id)) return false;
  return training.type === "dpc" || (isTrainingType(training.type) && hasFaceToFace(training.type));
}

type PricedCart = {
  cart: repo.CartRow;
  lines: repo.CartLineRow[];
  discount: repo.DiscountRow | null;
  /** The cart's code when it no longer applies (left out of the totals), and why. */
  refusedCode: { code: string; reason: DiscountRefusal } | null;
  totals: ReturnType<typeof computeCartTotals<{ id: number; trainingId: number; priceCents: number }>>;
  withSessions: Set<number>;
  /** Every session of the lines' trainings, with its group and seats (one query). */
  sessions: repo.TrainingSessionRow[];
};

/** How a use case reads: several statements side by side on the pool, or one after the other in a transaction. */
type Reads = { inTransaction: boolean };

/**
 * Two reads: side by side on the pool; one after the other in a transaction, whose one connection runs one statement
 * at a time (pg deprecates queueing a second one on it).
 */
async function readBoth<A, B>(reads: Reads, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (!reads.inTransaction) return Promise.all([a(), b()]);
  const first = await a();
  return [first, await b()];
}

/** The cart's code if it still applies to these lines; else it is left out of the totals, with the reason. */
async function applicableDiscount(
  db: DbOrTx,
  cart: repo.CartRow,
  userId: number | null,
  now: Date,
  trainingIds: number[],
  reads: Reads,
): Promise<Pick<PricedCart, "discount" | "refusedCode">> {
  const codeId = cart.discountCodeId;
  if (codeId === null) return { discount: null, refusedCode: null };
  const [row, usage] = await readBoth(
    reads,
    () => repo.findDiscountById(db, codeId),
    () => repo.countDiscountUses(db, codeId, userId),
  );
  if (!row) return { discount: null, refusedCode: null };
  const check = checkDiscount(discountOf(row), now, usage, trainingIds);
  return check.ok ? { discount: row, refusedCode: null } : { discount: null, refusedCode: { code: row.code, reason: check.reason } };
}

/**
 * The cart's lines priced with computeCartTotals, and the sessions of their trainings. A constant number of
 * statements whatever the number of lines: the lines, then the code and the sessions side by side.
 */
async function priceCart(db: DbOrTx, cart: repo.CartRow, userId: number | null, now: Date, reads: Reads = { inTransaction: false }): Promise<PricedCart> {
  const lines = await repo.listCartLines(db, cart.id);
  const trainingIds = lines.map((l) => l.training.id);
  const [{ discount, refusedCode }, sessions] = await readBoth(
    reads,
    () => applicableDiscount(db, cart, userId, now, trainingIds, reads),
    () => repo.listSessionsOfTrainings(db, trainingIds),
  );
  const totals = computeCartTotals(
    lines.map((l) => ({ id: l.line.id, trainingId: l.training.id, priceCents: l.training.free ? 0 : l.training.priceHtCents })),
    discount ? { kind: discount.kind as Discount["kind"], value: discount.value, trainingId: discount.trainingId } : null,
    vatRuleForBrand(cart.brand),
  );
  const withSessions = new Set(sessions.map((s) => s.trainingId));
  return { cart, lines, discount, refusedCode, totals, withSessions, sessions };
}

/**
 * The sessions of a training a buyer can choose, by date whatever their city or group (ADR 0115): those not started
 * yet (full ones flagged, shown disabled), and `keepId` (a cart line's own choice) even if it has started since.
 */
function sessionChoices(sessions: repo.TrainingSessionRow[], trainingId: number, today: string, keepId: number | null = null): CartSessionChoice[] {
  const own = sessions.filter((s) => s.trainingId === trainingId && (s.startDate >= today || s.id === keepId));
  const sortable = own.map((s) => ({ ...s, startTime: s.startTime ?? "" }));
  return sortSessionsByDate(sortable).map((s) => ({
    sessionId: s.id,
    sessionCourseId: s.faceToFaceId,
    groupName: s.groupName,
    virtualClass: s.virtualClass,
    city: s.marketingCity || s.city || null,
    startDate: s.startDate,
    startTime: s.startTime ? s.startTime.slice(0, 5) : null,
    seatsAvailable: seatsAvailable(s),
    isFull: isSessionFull(s),
  }));
}

/**
 * The spec's Cart, with each line's choices (functions, fundings, sessions with seats left) so the cart page needs
 * no other call. Statements: the lines, then the code, sessions, fundings and pending order side by side: the same
 * number for one line or twenty (tests/integration/shop-sql-count.test.ts).
 */
async function cartPayload(ctx: Pick<ShopCtx, "deps" | "userId">, cart: repo.CartRow): Promise<Cart> {
  const { db } = ctx.deps;
  const now = ctx.deps.now();
  const pricing = priceCart(db, cart, cart.userId ?? ctx.userId, now);
  // Fundings and the pending order do not depend on the prices: asked while the cart is priced.
  const [priced, fundingRows, commandId] = await Promise.all([
    pricing,
    pricing.then((p) => repo.listFundingsOfTrainings(db, p.lines.map((l) => l.training.id))),
    repo.findPendingOrderIdOfCart(db, cart.id),
  ]);
  const rule = vatRuleForBrand(cart.brand);
  const today = toParisDate(now);
  const products: CartProduct[] = priced.lines.map((l, i) => {
    const stored = isTrainingType(l.training.type) ? l.training.type : "formation";
    const effectiveType = effectiveTrainingType({ type: stored, isVirtual: l.training.isVirtual, hasDpcData: l.hasDpcData });
    return {
      id: l.line.id,
      productId: l.training.id,
      name: l.training.name,
      slug: l.training.slug,
      trainingType: l.training.type,
      effectiveType,
      price: priced.totals.lines[i].priceCents,
      discount: priced.totals.lines[i].discountCents,
      currency: rule.currency,
      functionName: l.line.functionName,
      sessionId: l.line.sessionId,
      sessionCourseId: l.line.sessionCourseId,
      fundingId: l.line.fundingId,
      fundingLabel: l.fundingName ? fundingLabel(l.fundingName) : null,
      needsSession: l.line.sessionId === null && needsSession(l.training, priced.withSessions),
      needsFunction: l.line.functionName === null && l.training.availableFunctions.length > 0,
      choices: {
        functions: [...l.training.availableFunctions],
        fundings: fundingRows.filter((f) => f.trainingId === l.training.id).map((f) => ({ id: f.id, code: f.code, name: f.name, label: fundingLabel(f.name) })),
        sessions: sessionChoices(priced.sessions, l.training.id, today, l.line.sessionId),
      },
    };
  });
  return {
    id: cart.id,
    products,
    commandId,
    subtotal: priced.totals.subtotal,
    total: priced.totals.total,
    totalDiscount: priced.totals.totalDiscount,
    vat: priced.totals.vat,
    totalWithVat: priced.totals.totalWithVat,
    vatRateBasisPoints: rule.rateBasisPoints,
    vatExemptionMention: rule.exemptionMention,
    currency: rule.currency,
    discountCode: priced.discount?.code ?? null,
    readyToPay: products.length > 0 && products.every((p) => !p.needsSession && !p.needsFunction),
    channel: cartChannelName(cart.id),
  };
}

/** CartUpdate on private-cart.{id}: every open tab of the owner refreshes. A broadcast failure never fails the request. */
async function publishCart(deps: BackDeps, cart: Cart): Promise<void> {
  try {
    await deps.broadcaster.broadcast(cart.channel, "CartUpdate", { cart });
  } catch (error) {
    deps.logger.warn({ err: error, cartId: cart.id }, "CartUpdate broadcast failed");
  }
}

async function changed(ctx: ShopCtx, cartId: number): Promise<Cart> {
  const cart = await repo.findCartById(ctx.deps.db, cartId);
  const payload = await cartPayload(ctx, cart!);
  await publishCart(ctx.deps, payload);
  return payload;
}

// ------------------------------------------------------------------ the store's listing

/**
 * The shop page's trainings (spec 2, /boutique /tienda): those available on the store with a price, newest first,
 * each with its catalogue card and its sessions not started yet with their seats. Four statements a page.
 */
export async function listStore(deps: BackDeps, brand: Brand, query: { page: number; pageSize: number }): Promise<ShopListing> {
  const { db } = deps;
  const total = await repo.countStoreListing(db, brand.key, brand.contentLang);
  const page = paginate({ total, page: query.page, pageSize: query.pageSize });
  const ids = total > 0 ? await repo.listStoreListingIds(db, brand.key, brand.contentLang, { limit: page.pageSize, offset: page.offset }) : [];
  const [courses, sessions] = await Promise.all([listCoursesByIds(db, brand, ids), repo.listSessionsOfTrainings(db, ids)]);
  const today = toParisDate(deps.now());
  return {
    items: courses.map((course) => ({ course, sessions: sessionChoices(sessions, course.id, today) })),
    total,
    page: page.page,
    pageSize: page.pageSize,
    pageCount: page.pageCount,
  };
}

// ------------------------------------------------------------------ cart use cases

export async function getCart(ctx: ShopCtx): Promise<Cart | null> {
  await requireShopContext(ctx);
  const cart = await findCart(ctx);
  return cart ? cartPayload(ctx, cart) : null;
}

export type AddItem = number | { productId: number; quantity?: number };

export async function addProducts(ctx: ShopCtx, items: AddItem[]): Promise<Cart> {
  await requireShopContext(ctx);
  const ids = items.map((item) => (typeof item === "number" ? item : item.productId));
  if (new Set(ids).size !== ids.length) throw new AppError("VALIDATION", "shopProductDuplicate", { fields: { products: ["shopProductDuplicate"] } });
  const { db } = ctx.deps;
  const found = await repo.findStoreTrainings(db, ctx.brand.key, ids);
  if (found.length !== ids.length) throw new AppError("NOT_FOUND", "shopProductNotFound");
  if (ctx.userId !== null && (await repo.activeEnrolmentTrainingIds(db, ctx.userId, ids)).size > 0) throw new AppError("CONFLICT", "shopAlreadyEnrolled");
  const existing = await findCart(ctx);
  if (existing) {
    const present = new Set((await repo.listCartLines(db, existing.id)).map((l) => l.training.id));
    if (ids.some((id) => present.has(id))) throw new AppError("CONFLICT", "shopProductAlreadyInCart");
  }
  const cart = existing ?? (await findOrCreateCart(ctx));
  try {
    await repo.insertCartProducts(db, cart.id, ids, ctx.deps.now());
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw new AppError("CONFLICT", "shopProductAlreadyInCart");
    throw error;
  }
  return changed(ctx, cart.id);
}

export async function removeProduct(ctx: ShopCtx, trainingId: number): Promise<Cart> {
  await requireShopContext(ctx);
  const cart = await findCart(ctx);
  if (!cart || !(await repo.deleteCartProductByTraining(ctx.deps.db, cart.id, trainingId))) throw new AppError("NOT_FOUND", "shopCartProductNotFound");
  await repo.touchCart(ctx.deps.db, cart.id, ctx.deps.now());
  return changed(ctx, cart.id);
}

async function requireStoreTraining(ctx: ShopCtx, trainingId: number): Promise<repo.ShopTrainingRow> {
  const [training] = await repo.findStoreTrainings(ctx.deps.db, ctx.brand.key, [trainingId]);
  if (!training) throw new AppError("NOT_FOUND", "shopProductNotFound");
  return training;
}

/** The cart line of this visitor's cart, with its training; another buyer's line reads as absent (404). */
async function requireCartLine(ctx: ShopCtx, productCartId: number) {
  const cart = await findCart(ctx);
  const line = cart ? await repo.findCartProduct(ctx.deps.db, cart.id, productCartId) : undefined;
  if (!cart || !line) throw new AppError("NOT_FOUND", "shopCartProductNotFound");
  const training = await requireStoreTraining(ctx, line.trainingId);
  return { cart, line, training };
}

export async function availableFunctions(ctx: ShopCtx, productId: number): Promise<{ name: string }[]> {
  await requireShopContext(ctx);
  const training = await requireStoreTraining(ctx, productId);
  return training.availableFunctions.map((name) => ({ name }));
}

export async function setProductFunction(ctx: ShopCtx, productCartId: number, functionName: string): Promise<Cart> {
  await requireShopContext(ctx);
  const { cart, training } = await requireCartLine(ctx, productCartId);
  if (!training.availableFunctions.includes(functionName)) {
    throw new AppError("VALIDATION", "shopFunctionNotAvailable", { fields: { functionName: ["shopFunctionNotAvailable"] } });
  }
  await repo.updateCartProduct(ctx.deps.db, productCartId, { functionName });
  await repo.touchCart(ctx.deps.db, cart.id, ctx.deps.now());
  return changed(ctx, cart.id);
}

export async function availableFundings(ctx: ShopCtx, productId: number, functionName?: string) {
  await requireShopContext(ctx);
  const training = await requireStoreTraining(ctx, productId);
  if (functionName !== undefined && !training.availableFunctions.includes(functionName)) {
    throw new AppError("VALIDATION", "shopFunctionNotAvailable", { fields: { function: ["shopFunctionNotAvailable"] } });
  }
  const rows = await repo.listTrainingFundings(ctx.deps.db, training.id);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, label: fundingLabel(r.name) }));
}

export async function setProductFunding(ctx: ShopCtx, productCartId: number, fundingId: number): Promise<Cart> {
  await requireShopContext(ctx);
  const { cart, training } = await requireCartLine(ctx, productCartId);
  const offered = await repo.listTrainingFundings(ctx.deps.db, training.id);
  if (!offered.some((f) => f.id === fundingId)) throw new AppError("VALIDATION", "shopFundingNotAvailable", { fields: { fundingId: ["shopFundingNotAvailable"] } });
  await repo.updateCartProduct(ctx.deps.db, productCartId, { fundingId });
  await repo.touchCart(ctx.deps.db, cart.id, ctx.deps.now());
  return changed(ctx, cart.id);
}

export async function setProductSession(ctx: ShopCtx, productCartId: number, sessionId: number, sessionCourseId: number): Promise<Cart> {
  await requireShopContext(ctx);
  const { cart, training } = await requireCartLine(ctx, productCartId);
  const session = await repo.findSessionOfGroup(ctx.deps.db, sessionId);
  if (!session || session.trainingId !== training.id || session.faceToFaceId !== sessionCourseId) {
    throw new AppError("VALIDATION", "shopSessionNotOfTraining", { fields: { sessionId: ["shopSessionNotOfTraining"] } });
  }
  if (session.startDate < toParisDate(ctx.deps.now())) throw new AppError("CONFLICT", "shopSessionPast");
  if (session.currentParticipants >= session.maxParticipants) throw new AppError("CONFLICT", "shopSessionFull");
  await repo.updateCartProduct(ctx.deps.db, productCartId, { sessionId, sessionCourseId });
  await repo.touchCart(ctx.deps.db, cart.id, ctx.deps.now());
  return changed(ctx, cart.id);
}

const DISCOUNT_MESSAGES: Record<DiscountRefusal, MessageKey> = {
  unknown: "shopDiscountUnknown",
  notYetValid: "shopDiscountNotYetValid",
  expired: "shopDiscountExpired",
  usedUp: "shopDiscountUsedUp",
  usedUpByCustomer: "shopDiscountUsedUpByCustomer",
  notApplicable: "shopDiscountNotApplicable",
};

export async function addDiscount(ctx: ShopCtx, rawCode: string): Promise<{ cart: Cart; code: string }> {
  await requireShopContext(ctx);
  const code = normalizeDiscountCode(rawCode);
  const cart = await requireCart(ctx);
  const { db } = ctx.deps;
  const lines = await repo.listCartLines(db, cart.id);
  if (lines.length === 0) throw new AppError("CONFLICT", "shopCartEmpty");
  const row = await repo.findDiscountByCode(db, ctx.brand.key, code);
  const usage = row ? await repo.countDiscountUses(db, row.id, ctx.userId) : { total: 0, byCustomer: 0 };
  const check = checkDiscount(row ? discountOf(row) : null, ctx.deps.now(), usage, lines.map((l) => l.training.id));
  if (!check.ok) {
    const status = check.reason === "unknown" ? "NOT_FOUND" : check.reason === "notApplicable" ? "VALIDATION" : "CONFLICT";
    throw new AppError(status, DISCOUNT_MESSAGES[check.reason], { values: { code } });
  }
  await repo.setCartDiscount(db, cart.id, row!.id, ctx.deps.now());
  return { cart: await changed(ctx, cart.id), code };
}

// ------------------------------------------------------------------ login merge and channel ownership

/**
 * At login or account creation: the anonymous cart of the cookie joins the user's cart of the brand. Returns
 * whether the cookie should be cleared (there was one).
 */
export async function mergeAnonymousCart(deps: BackDeps, brand: string, userId: number, token: string | null): Promise<boolean> {
  if (!isPlausibleToken(token)) return token !== null;
  const anonymous = await repo.findTokenCart(deps.db, hashCartToken(token), brand);
  if (!anonymous) return true;
  const cartId = await repo.mergeCartIntoUser(deps.db, anonymous, userId, deps.now());
  const cart = await repo.findCartById(deps.db, cartId);
  if (cart) await publishCart(deps, await cartPayload({ deps, userId }, cart));
  return true;
}

/** Whether the visitor owns the cart of this channel (private-cart.{id}): by session, or by the cart cookie. */
export async function ownsCartChannel(deps: BackDeps, brand: string, userId: number | null, token: string | null, channel: string): Promise<boolean> {
  const carts: (repo.CartRow | undefined)[] = [];
  if (userId !== null) carts.push(await repo.findUserCart(deps.db, userId, brand));
  if (isPlausibleToken(token)) carts.push(await repo.findTokenCart(deps.db, hashCartToken(token), brand));
  return carts.some((cart) => cart !== undefined && cartChannelName(cart.id) === channel);
}

// ------------------------------------------------------------------ orders and payments

/**
 * The SystemPay adapter when configured (SYSTEMPAY_SHOP_ID, and SYSTEMPAY_KEY for form payments and their IPN, or
 * SYSTEMPAY_PASSWORD for REST notifications), else null.
 */
function systemPayProvider(deps: BackDeps): PaymentProvider | null {
  const { SYSTEMPAY_SHOP_ID, SYSTEMPAY_KEY, SYSTEMPAY_MODE, SYSTEMPAY_PAYMENT_URL, SYSTEMPAY_PASSWORD } = deps.env;
  if (!SYSTEMPAY_SHOP_ID || !(SYSTEMPAY_KEY || SYSTEMPAY_PASSWORD)) return null;
  return createSystemPayProvider(
    { shopId: SYSTEMPAY_SHOP_ID, key: SYSTEMPAY_KEY ?? null, mode: SYSTEMPAY_MODE, paymentUrl: SYSTEMPAY_PAYMENT_URL, password: SYSTEMPAY_PASSWORD ?? null },
    deps.now,
  );
}

/**
 * The provider new card payments go through (cardPaymentProvider: the one PAYMENT_PROVIDER names, checked at
 * start-up; never a silent fallback from SystemPay to the sandbox).
 */
export function paymentProvider(deps: BackDeps): PaymentProvider {
  if (cardPaymentProvider(deps.env) === "sandbox") return createSandboxProvider({ appSecret: appSecret(deps), now: deps.now });
  const systemPay = systemPayProvider(deps);
  if (!systemPay) throw new Error("SystemPay is not configured");
  return systemPay;
}

/** The provider a notification names, if it is configured: payments started before a switch still settle. */
function notifyingProvider(deps: BackDeps, name: string): PaymentProvider | null {
  if (name === "sandbox") return createSandboxProvider({ appSecret: appSecret(deps), now: deps.now });
  if (name === "systempay") return systemPayProvider(deps);
  return null;
}

export function appSecret(deps: BackDeps): string {
  return deps.env.APP_SECRET ?? "";
}

function requireBuyer(ctx: ShopCtx): number {
  if (ctx.userId === null) throw new AppError("UNAUTHENTICATED", "shopLoginRequired");
  return ctx.userId;
}

type PaymentMethod = "card" | "check" | "free";

/**
 * The cart's order for this payment mode (ADR 0101). One transaction with the cart row locked: the checkouts of one
 * cart queue, and the partial unique index (one pending order per cart) is the referee behind the lock. A checkout
 * sent again with the same content and mode gets the open order it made; a changed cart or mode replaces an open card
 * or free order (not paid yet: cancelled) and detaches an open cheque order from the cart (it still awaits its
 * cheque). An empty cart is a checkout repeated after its order emptied it (repeatedCheckout). A code of the cart
 * that no longer applies (used up since, expired) is taken out of the cart and the checkout answers why (409): the
 * buyer is never charged another price than the one the cart showed without being told.
 */
async function checkout(ctx: ShopCtx, method: PaymentMethod): Promise<repo.OrderRow> {
  await requireShopContext(ctx);
  const userId = requireBuyer(ctx);
  const { id: cartId, brand } = await requireCart(ctx);
  // The invoice goes to the buyer's address: no order before its owner confirmed it (public sign-up, ADR 0109).
  await requireConfirmedEmail(ctx.deps.db, userId);
  // The invoice must carry the buyer's legal data (ADR 0102): no order before the billing details are complete.
  await requireCompleteBilling(ctx.deps.db, { userId, accountId: ctx.accountId, brand });
  const now = ctx.deps.now();
  const result = await ctx.deps.db.transaction(async (tx): Promise<{ order: repo.OrderRow } | { refusedCode: NonNullable<PricedCart["refusedCode"]> }> => {
    const cart = await repo.lockCart(tx, cartId);
    if (!cart) throw new AppError("CONFLICT", "shopCartEmpty");
    const open = await repo.findOpenOrderOfCart(tx, cart.id);
    const priced = await priceCart(tx, cart, userId, now, { inTransaction: true });
    if (priced.lines.length === 0) return { order: await repeatedCheckout(tx, cart.id, open, method) };
    if (priced.refusedCode) {
      await repo.setCartDiscount(tx, cart.id, null, now);
      return { refusedCode: priced.refusedCode };
    }
    await requireOrderable(tx, priced, userId, method);
    const draft = orderDraft(ctx, priced, userId, method, now);
    if (open && sameCheckout(checkoutOf(open, await repo.listOrderLines(tx, open.id)), checkoutOf(draft.order, draft.lines))) return { order: open };
    if (open?.paymentMethod === "check") await repo.detachOrderFromCart(tx, open.id, now);
    else if (open) await repo.cancelPendingOrder(tx, open.id, now);
    const awaitingCheck = await repo.findPendingCheckOrderWithTrainings(tx, userId, cart.brand, priced.lines.map((l) => l.training.id));
    // Answered on the cart (no order named in the data): the buyer removes the line there.
    if (awaitingCheck) throw new AppError("CONFLICT", "shopTrainingInCheckOrder", { values: { name: awaitingCheck.name, order: awaitingCheck.orderId } });
    return { order: await repo.insertOrder(tx, draft.order, draft.lines, { clearCart: method === "check" }) };
  });
  if ("order" in result) return result.order;
  await changed(ctx, cartId);
  throw new AppError("CONFLICT", DISCOUNT_MESSAGES[result.refusedCode.reason], { values: { code: result.refusedCode.code } });
}

/**
 * A checkout of an empty cart repeats the one whose order emptied it: a cheque order (it empties the cart when it is
 * made) or a paid order. payByCheck gets its pending cheque order again and freePayment its paid free order; any
 * other mode is a 409 naming the order (its id in the reply's data): nothing is ordered or charged a second time.
 */
async function repeatedCheckout(tx: Tx, cartId: number, open: repo.OrderRow | undefined, method: PaymentMethod): Promise<repo.OrderRow> {
  const last = open ?? (await repo.findLastOrderOfCart(tx, cartId));
  if (last?.status === "pending" && last.paymentMethod === "check") {
    if (method === "check") return last;
    throw new AppError("CONFLICT", "shopOrderAwaitingCheck", { values: { order: last.id }, data: { orderId: last.id } });
  }
  if (last?.status === "paid") {
    if (method === "free" && last.paymentMethod === "free") return last;
    throw new AppError("CONFLICT", "shopOrderAlreadyPaid", { values: { order: last.id }, data: { orderId: last.id } });
  }
  throw new AppError("CONFLICT", "shopCartEmpty");
}

/** The cart can become an order in this mode: every choice made, every training still sold and not held, seats left. */
async function requireOrderable(tx: Tx, priced: PricedCart, userId: number, method: PaymentMethod): Promise<void> {
  for (const { line, training } of priced.lines) {
    if ((line.sessionId === null && needsSession(training, priced.withSessions)) || (line.functionName === null && training.availableFunctions.length > 0)) {
      throw new AppError("CONFLICT", "shopCartIncomplete");
    }
  }
  const trainingIds = priced.lines.map((l) => l.training.id);
  if ((await repo.findStoreTrainings(tx, priced.cart.brand, trainingIds)).length !== trainingIds.length) throw new AppError("NOT_FOUND", "shopProductNotFound");
  if ((await repo.activeEnrolmentTrainingIds(tx, userId, trainingIds)).size > 0) throw new AppError("CONFLICT", "shopAlreadyEnrolled");
  for (const { line } of priced.lines) {
    if (line.sessionId === null) continue;
    const session = await repo.findSessionOfGroup(tx, line.sessionId);
    if (!session || session.currentParticipants >= session.maxParticipants) throw new AppError("CONFLICT", "shopSessionFull");
  }
  const free = priced.totals.totalWithVat === 0;
  if (method === "free" && !free) throw new AppError("CONFLICT", "shopNotFree");
  if (method !== "free" && free) throw new AppError("CONFLICT", "shopIsFree");
}

/** The order the priced cart makes in this mode, with its lines: the same numbers as the cart (computeCartTotals). */
function orderDraft(ctx: ShopCtx, priced: PricedCart, userId: number, method: PaymentMethod, now: Date): { order: repo.NewOrder; lines: repo.NewOrderLine[] } {
  const rule = vatRuleForBrand(priced.cart.brand);
  return {
    order: {
      brand: priced.cart.brand,
      userId,
      accountId: ctx.accountId,
      cartId: priced.cart.id,
      status: "pending",
      paymentMethod: method,
      provider: method === "card" ? paymentProvider(ctx.deps).name : null,
      discountCodeId: priced.discount?.id ?? null,
      discountCode: priced.discount?.code ?? null,
      subtotalCents: priced.totals.subtotal,
      discountCents: priced.totals.totalDiscount,
      totalCents: priced.totals.total,
      vatCents: priced.totals.vat,
      totalWithVatCents: priced.totals.totalWithVat,
      vatRateBasisPoints: rule.rateBasisPoints,
      vatExemptionMention: rule.exemptionMention,
      currency: rule.currency,
      locale: ctx.locale,
      createdAt: now,
      updatedAt: now,
    },
    lines: priced.lines.map(({ line, training }, i) => ({
      trainingId: training.id,
      name: training.name,
      trainingType: training.type,
      functionName: line.functionName,
      sessionId: line.sessionId,
      sessionCourseId: line.sessionCourseId,
      fundingId: line.fundingId,
      priceCents: priced.totals.lines[i].priceCents,
      discountCents: priced.totals.lines[i].discountCents,
      netCents: priced.totals.lines[i].netCents,
    })),
  };
}

/** What an order (stored, or about to be) commits to, for sameCheckout. */
function checkoutOf(order: repo.NewOrder, lines: repo.NewOrderLine[]): Checkout {
  return {
    terms: {
      paymentMethod: order.paymentMethod ?? null,
      provider: order.provider ?? null,
      accountId: order.accountId ?? null,
      discountCodeId: order.discountCodeId ?? null,
      currency: order.currency ?? "EUR",
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents ?? 0,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      totalWithVatCents: order.totalWithVatCents,
    },
    lines: lines.map((l) => ({
      trainingId: l.trainingId,
      functionName: l.functionName ?? null,
      sessionId: l.sessionId ?? null,
      sessionCourseId: l.sessionCourseId ?? null,
      fundingId: l.fundingId ?? null,
      priceCents: l.priceCents,
      discountCents: l.discountCents ?? 0,
      netCents: l.netCents,
    })),
  };
}

/** What the provider needs to take the order's payment (a page to send the buyer to, or a signed form to post). */
async function providerStart(ctx: ShopCtx, provider: PaymentProvider, order: repo.OrderRow, input: { origin: string }): Promise<PaymentStart> {
  return startOrderPayment(ctx.deps, provider, order, input);
}

/**
 * Where the provider sends the buyer back: the order's own page in the order's language, by kind (a shop order's
 * page, the pharmacy's contract page). Never a path from the request: it is signed into the payment (ADR 0100).
 */
export function paymentReturnPath(order: Pick<repo.OrderRow, "kind" | "locale">): string {
  const lang = pathLangOf(isLocale(order.locale) ? order.locale : "fr-FR");
  return pagePath(order.kind === "contract" ? "pharmacy-contract" : "order", lang) ?? "/";
}

/**
 * The payment start of any pending card order, shop or contract (ADR 0071): the provider's page or form for the
 * order's amount; its notification comes back to the shop's endpoint and settles the order by its kind. An order that
 * is no longer pending is never offered for payment again (409).
 */
export async function startOrderPayment(deps: BackDeps, provider: PaymentProvider, order: repo.OrderRow, input: { origin: string }): Promise<PaymentStart> {
  if (order.status !== "pending") throw new AppError("CONFLICT", "shopOrderNotPending");
  return provider.startPayment({
    orderId: order.id,
    amountCents: order.totalWithVatCents,
    currency: order.currency,
    returnPath: paymentReturnPath(order),
    origin: input.origin,
    language: order.locale.slice(0, 2),
  });
}

/** getPaymentToken: the cart's card order (the open one again when the checkout is repeated) and its payment start. */
export async function startCardPayment(ctx: ShopCtx, input: { origin: string }): Promise<PaymentStart> {
  const order = await checkout(ctx, "card");
  const start = await providerStart(ctx, paymentProvider(ctx.deps), order, input);
  if (order.cartId !== null) await changed(ctx, order.cartId);
  return start;
}

/**
 * The payment form of the buyer's pending card order, again (the order page of a POST provider renders it: the
 * buyer's browser posts it to the provider). Nothing is written; another buyer's order, or one that is no longer
 * pending, is a 404.
 */
export async function paymentForm(ctx: ShopCtx, orderId: number, input: { origin: string }): Promise<PaymentStart> {
  const userId = requireBuyer(ctx);
  const order = await repo.findOrder(ctx.deps.db, orderId);
  if (!order || order.userId !== userId || order.brand !== ctx.brand.key || order.status !== "pending" || order.paymentMethod !== "card") {
    throw new AppError("NOT_FOUND", "shopOrderNotFound");
  }
  const provider = notifyingProvider(ctx.deps, order.provider ?? "");
  if (!provider) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  return providerStart(ctx, provider, order, input);
}

/** payByCheck: the cart's pending cheque order (the same one when the checkout is repeated); the cart is emptied. */
export async function payByCheck(ctx: ShopCtx): Promise<Order> {
  const order = await checkout(ctx, "check");
  if (order.cartId !== null) await changed(ctx, order.cartId);
  const payload = await orderPayload(ctx.deps.db, ctx.t, order);
  await mailChequeInstructions(ctx.deps, order, payload);
  return payload;
}

/**
 * freePayment: the cart's free order, paid at once. A repeated call gets the same order: it pays it if it is still
 * pending, answers it once paid, and answers its failure (409) when the payment refused it.
 */
export async function freePayment(ctx: ShopCtx): Promise<Order> {
  const order = await checkout(ctx, "free");
  if (order.status === "pending") await settleOrder(ctx.deps, order.id, { provider: "free", transactionId: null, amountCents: 0, currency: order.currency, payload: null });
  const after = (await repo.findOrder(ctx.deps.db, order.id))!;
  if (after.status !== "paid") throw new AppError("CONFLICT", (after.failureReason ?? "shopOrderNotPending") as MessageKey);
  return orderPayload(ctx.deps.db, ctx.t, after);
}

/**
 * Marks the order paid (payOrder's one transaction), then, after commit: the cart's CartUpdate and the
 * confirmation mail with the invoice. Failures after commit are logged, never undo the payment.
 */
export async function settleOrder(
  deps: BackDeps,
  orderId: number,
  payment: { provider: string; transactionId: string | null; amountCents: number; currency: string; payload: unknown },
  onPaid?: repo.PayInput["onPaid"],
): Promise<repo.PayOutcome> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order) return { kind: "notPending", status: "missing" };
  const buyer = await repo.findBuyer(deps.db, order.userId);
  const now = deps.now();
  const outcome = await repo.payOrder(deps.db, {
    orderId,
    ...payment,
    onPaid,
    now,
    year: Number(toParisDate(now).slice(0, 4)),
    invoicePrefix: legalIdentityOf(order.brand).invoicePrefix,
    seller: invoiceSeller(order.brand),
    // The buyer's legal data as it is now (ADR 0102): the pharmacy's for an order bought for one, else the buyer's own.
    buyer: await invoiceBuyerOf(
      deps.db,
      { userId: order.userId, accountId: order.accountId, brand: order.brand },
      { name: buyer ? `${buyer.firstName} ${buyer.lastName}` : "", email: buyer?.email ?? null, locale: invoiceLocale(legalIdentityOf(order.brand).address.country, buyer?.locale) },
    ),
  });
  if (outcome.kind === "paid") {
    if (order.cartId !== null) {
      const cart = await repo.findCartById(deps.db, order.cartId);
      if (cart) await publishCart(deps, await cartPayload({ deps, userId: order.userId }, cart));
    }
    await sendConfirmation(deps, outcome.order, outcome.invoice).catch((error: unknown) => deps.logger.error({ err: error, orderId }, "order confirmation mail failed"));
  }
  return outcome;
}

async function sendConfirmation(deps: BackDeps, order: repo.OrderRow, invoice: repo.InvoiceRow): Promise<void> {
  const buyer = await repo.findBuyer(deps.db, order.userId);
  if (!buyer) return;
  const { bytes: pdf } = await invoicePdf(deps.db, invoice);
  const lines = await invoiceLines(deps.db, invoice);
  const mail = orderConfirmationMail({
    brand: BRANDS[order.brand as BrandKey] ?? BRANDS.fr,
    locale: buyer.locale,
    firstName: buyer.firstName,
    invoiceNumber: invoice.number,
    totalWithVatCents: order.totalWithVatCents,
    currency: order.currency,
    trainings: lines.map((l) => l.name),
  });
  await deps.mailer.send({ to: buyer.email, ...mail, attachments: [{ filename: `${invoice.number}.pdf`, content: Buffer.from(pdf), contentType: "application/pdf" }] });
}

export type NotificationResult = "paid" | "failed" | "cancelled" | "pending" | "replayed" | "ignored" | "seatGone";

/**
 * Why a verified notification does not belong to the order it names, or null when it does: the order exists, is a
 * card order started with this provider, and (unless the notification pays nothing) its amount and currency are
 * the notification's. A mismatch is refused and changes nothing (ADR 0100).
 */
function orderMismatch(order: repo.OrderRow | undefined, providerName: string, verified: VerifiedNotification): string | null {
  if (!order) return "unknown order";
  if (order.paymentMethod !== "card" || order.provider !== providerName) return `order started with ${order.paymentMethod === "card" ? order.provider : order.paymentMethod}`;
  if (verified.status === "pending") return null;
  if (verified.amountCents !== order.totalWithVatCents) return `amount ${verified.amountCents} instead of ${order.totalWithVatCents}`;
  if (verified.currency !== order.currency) return `currency ${verified.currency} instead of ${order.currency}`;
  return null;
}

/**
 * A provider's server-to-server notification: verified first (a forged one, or one that does not match its order,
 * is refused with 403 and logged, and nothing changes), then applied idempotently (a replayed transaction id changes
 * nothing).
 */
export async function receiveNotification(deps: BackDeps, providerName: string, notification: IncomingNotification, logger = deps.logger): Promise<NotificationResult> {
  const provider = notifyingProvider(deps, providerName);
  const check = provider ? provider.verifyNotification(notification) : { ok: false as const, reason: "provider not configured" };
  if (!check.ok) {
    logger.warn({ provider: providerName, reason: check.reason, bytes: notification.body.length }, "payment notification refused");
    throw new AppError("FORBIDDEN", "shopNotificationInvalid");
  }
  const verified = check.notification;
  const order = await repo.findOrder(deps.db, verified.orderId);
  const mismatch = orderMismatch(order, providerName, verified);
  if (!order || mismatch !== null) {
    // Signed, so either the provider's mistake or a leaked key: the log is the record, a refund the back office's.
    logger.error({ provider: providerName, orderId: verified.orderId, transactionId: verified.transactionId, reason: mismatch }, "payment notification refused: it does not match its order");
    throw new AppError("FORBIDDEN", "shopNotificationInvalid");
  }
  if (verified.status === "pending") return "pending";
  if (verified.status === "failed" || verified.status === "cancelled") {
    const recorded = await repo.recordUnpaid(deps.db, {
      orderId: order.id,
      provider: providerName,
      transactionId: verified.transactionId,
      status: verified.status,
      amountCents: verified.amountCents,
      currency: verified.currency,
      payload: verified.payload,
      reason: verified.status === "failed" ? "shopCardRefused" : "shopPaymentCancelled",
      now: deps.now(),
    });
    return recorded === "replayed" ? "replayed" : verified.status;
  }
  const outcome = await settleOrder(deps, order.id, {
    provider: providerName,
    transactionId: verified.transactionId,
    amountCents: verified.amountCents,
    currency: verified.currency,
    payload: verified.payload,
  });
  if (outcome.kind === "amountMismatch") logger.warn({ orderId: order.id }, "payment notification amount differs from the order: order failed");
  if (outcome.kind === "notPending") logger.warn({ orderId: order.id, status: outcome.status }, "payment notification for an order that is not pending: the payment is recorded, to refund");
  if (outcome.kind === "offerClosed") logger.warn({ orderId: order.id }, "contract payment for an offer no longer pending: order failed");
  if (outcome.kind === "refused") logger.warn({ orderId: order.id, reason: outcome.reason }, "payment refused for the order: order failed, the payment is to refund");
  return outcome.kind === "paid" ? "paid" : outcome.kind === "replayed" ? "replayed" : outcome.kind === "seatGone" ? "seatGone" : outcome.kind === "offerClosed" || outcome.kind === "refused" ? "failed" : "ignored";
}

/**
 * A cheque has been received: the pending check order is paid (settleOrder), idempotent per order. A seat gone, a
 * code used up or a training the buyer already holds fails the order (409 with the reason: the cheque is to return).
 * `options.inTransaction` runs inside the payment's transaction once the order is paid, so the back office's audit row
 * commits or rolls back with the payment (ADR 0089).
 */
export async function markCheckReceived(deps: BackDeps, orderId: number, options: { inTransaction?: repo.PayInput["onPaid"] } = {}): Promise<repo.PayOutcome> {
  const order = await repo.findOrder(deps.db, orderId);
  if (!order || order.paymentMethod !== "check") throw new AppError("NOT_FOUND", "shopOrderNotFound");
  if (order.status !== "pending") throw new AppError("CONFLICT", "shopOrderNotPending");
  const outcome = await settleOrder(deps, orderId, { provider: "check", transactionId: `check-${orderId}`, amountCents: order.totalWithVatCents, currency: order.currency, payload: null }, options.inTransaction);
  if (outcome.kind === "seatGone") throw new AppError("CONFLICT", "shopSeatGone");
  if (outcome.kind === "refused") throw new AppError("CONFLICT", outcome.reason);
  return outcome;
}

// ------------------------------------------------------------------ reading orders and invoices

export async function orderPayload(db: BackDeps["db"], t: Translate, order: repo.OrderRow): Promise<Order> {
  const [lines, invoice, creditNote] = await Promise.all([listOrderLinesWithChoices(db, order.id), repo.findInvoiceOfOrder(db, order.id), findCreditNoteOfOrder(db, order.id)]);
  return {
    id: order.id,
    status: order.status as Order["status"],
    paymentMethod: order.paymentMethod as Order["paymentMethod"],
    lines: lines.map((l) => ({
      trainingId: l.trainingId,
      name: l.name,
      trainingType: l.trainingType,
      functionName: l.functionName,
      sessionId: l.sessionId,
      fundingId: l.fundingId,
      ...lineChoices(l),
      price: l.priceCents,
      discount: l.discountCents,
      net: l.netCents,
    })),
    subtotal: order.subtotalCents,
    total: order.totalCents,
    totalDiscount: order.discountCents,
    vat: order.vatCents,
    totalWithVat: order.totalWithVatCents,
    currency: order.currency,
    discountCode: order.discountCode,
    failureMessage: order.failureReason ? t(order.failureReason as MessageKey) : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    invoice: invoice ? { id: invoice.id, number: invoice.number, downloadPath: `/back/api/shop/invoice/${order.id}` } : null,
    creditNote: creditNote ? { id: creditNote.id, number: creditNote.number, issuedAt: creditNote.issuedAt.toISOString(), downloadPath: `/back/api/shop/creditNote/${order.id}` } : null,
  };
}

/** The order if the user bought it, or is a holder/referent of the pharmacy it was bought for; else 404. */
export async function requireReadableOrder(db: BackDeps["db"], brand: string, userId: number, orderId: number): Promise<repo.OrderRow> {
  const order = await repo.findOrder(db, orderId);
  if (!order || order.brand !== brand) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  if (order.userId === userId) return order;
  if (order.accountId !== null) {
    const memberships = await listMemberships(db, userId);
    if (memberships.some((m) => m.account.id === order.accountId && m.isActive && (m.role === "holder" || m.role === "referent"))) return order;
  }
  throw new AppError("NOT_FOUND", "shopOrderNotFound");
}

export async function getOrder(db: BackDeps["db"], t: Translate, brand: string, userId: number, orderId: number): Promise<Order> {
  return orderPayload(db, t, await requireReadableOrder(db, brand, userId, orderId));
}

/**
 * The pharmacy's last shop order (spec getLastCommand, ADR 0053): the newest order bought for the account, by anyone of
 * it, on this brand; null when there is none. The caller has checked the holder-or-referent guard for `accountId`.
 */
export async function getLastAccountOrder(db: BackDeps["db"], t: Translate, brand: string, accountId: number): Promise<Order | null> {
  const order = await repo.findLastOrderOfAccount(db, accountId, brand);
  return order ? orderPayload(db, t, order) : null;
}

/** One order of the pharmacy (spec getCommand/{id}, ADR 0053): another account's, a personal one or an unknown id is a 404. */
export async function getAccountOrder(db: BackDeps["db"], t: Translate, brand: string, accountId: number, orderId: number): Promise<Order> {
  const order = await repo.findOrder(db, orderId);
  if (!order || order.brand !== brand || order.accountId !== accountId) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  return orderPayload(db, t, order);
}

export async function getInvoicePdf(db: BackDeps["db"], brand: string, userId: number, orderId: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const order = await requireReadableOrder(db, brand, userId, orderId);
  const invoice = await repo.findInvoiceOfOrder(db, order.id);
  if (!invoice) throw new AppError("NOT_FOUND", "shopInvoiceNotFound");
  return invoicePdf(db, invoice);
}

/** The credit note of the order's invoice (ADR 0094), for whoever may read the order. */
export async function getCreditNotePdf(db: BackDeps["db"], brand: string, userId: number, orderId: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const order = await requireReadableOrder(db, brand, userId, orderId);
  const creditNote = await findCreditNoteOfOrder(db, order.id);
  if (!creditNote) throw new AppError("NOT_FOUND", "shopInvoiceNotFound");
  return invoicePdf(db, creditNote);
}

/** For the sandbox page: the order it pays, if still pending. */
export async function findPendingOrder(db: BackDeps["db"], orderId: number): Promise<repo.OrderRow | null> {
  const order = await repo.findOrder(db, orderId);
  return order && order.status === "pending" ? order : null;
}


export async function getOrderForAdmin(db: BackDeps["db"], t: Translate, orderId: number): Promise<Order> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw new AppError("NOT_FOUND", "shopOrderNotFound");
  return orderPayload(db, t, order);
}
