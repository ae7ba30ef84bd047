/**
 * The shop's carts (issue 14, ADR 0030): the shopping guard, the cart of a visitor (anonymous, behind the cart
 * cookie) or of a user, its lines and their choices (function, funding, session), its discount code, the store's
 * listing, the anonymous cart joining the user's at login, and who owns a cart's channel. Every cart change answers
 * the whole cart and publishes CartUpdate on the cart's private channel. Prices are cart-pricing.ts's; the orders a
 * cart becomes are orders.service.ts's.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Cart, CartProduct, CartSessionChoice, ShopListing } from "#core/contract/shop.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { checkDiscount, normalizeDiscountCode } from "#core/domain/discounts.ts";
import { fundingLabel } from "#core/domain/funding.ts";
import { paginate } from "#core/domain/pagination.ts";
import { isSessionFull, seatsAvailable, sortSessionsByDate } from "#core/domain/sessions.ts";
import { effectiveTrainingType, isTrainingType } from "#core/domain/training-types.ts";
import { SHOP_CONTRACT_TYPE } from "#core/domain/user-state.ts";
import { vatRuleForBrand } from "#core/domain/vat.ts";
import { cartChannelName } from "../../../realtime/app-channels.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { listCoursesByIds } from "../catalogue/catalogue-listing.service.ts";
import { sessionUserPayload } from "../user/user.service.ts";
import { DISCOUNT_MESSAGES, discountOf, needsSession, priceCart } from "./cart-pricing.ts";
import * as repo from "./shop.repository.ts";

export const CART_COOKIE = "cart";
export const CART_COOKIE_DAYS = 30;

/**
 * The request's cart cookie, for the one use case that may create a cart (adding products): its value (an anonymous
 * visitor's cart) and how to set it (a new anonymous cart). The others read only its value (`cartToken`).
 */
export type CartCookie = { token: string | null; set(token: string): void };

/** The caller's user id, null for a visitor. */
const userIdOf = (ctx: ServiceContext): number | null => ctx.user?.userId ?? null;

export function hashCartToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

const isPlausibleToken = (token: string | null): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(token);

// ------------------------------------------------------------------ guard and cart lookup

/** The shopping guard (spec 6): the shop is for visitors (logged out) and users whose contract type is shop. */
export async function requireShopContext(ctx: ServiceContext): Promise<void> {
  if (ctx.user === null) return;
  const user = await sessionUserPayload(ctx);
  if (user.loggedIn && user.contractType !== SHOP_CONTRACT_TYPE) throw new AppError("FORBIDDEN", "shopNotAvailable");
}

async function findCart(ctx: ServiceContext, cartToken: string | null): Promise<repo.CartRow | undefined> {
  const { db } = ctx;
  const userId = userIdOf(ctx);
  if (userId !== null) return repo.findUserCart(db, userId, ctx.brand.key);
  if (!isPlausibleToken(cartToken)) return undefined;
  return repo.findTokenCart(db, hashCartToken(cartToken), ctx.brand.key);
}

async function findOrCreateCart(ctx: ServiceContext, cookie: CartCookie): Promise<repo.CartRow> {
  const existing = await findCart(ctx, cookie.token);
  if (existing) return existing;
  const now = ctx.now();
  const userId = userIdOf(ctx);
  if (userId !== null) {
    try {
      return await repo.insertCart(ctx.db, { brand: ctx.brand.key, userId, tokenHash: null, now });
    } catch (error) {
      // Two first adds at once: the unique (user, brand) index lets one cart through.
      if (!repo.isUniqueViolation(error)) throw error;
      return (await repo.findUserCart(ctx.db, userId, ctx.brand.key))!;
    }
  }
  const token = randomBytes(32).toString("base64url");
  const cart = await repo.insertCart(ctx.db, { brand: ctx.brand.key, userId: null, tokenHash: hashCartToken(token), now });
  cookie.set(token);
  return cart;
}

export async function requireCart(ctx: ServiceContext, cartToken: string | null): Promise<repo.CartRow> {
  const cart = await findCart(ctx, cartToken);
  if (!cart) throw new AppError("CONFLICT", "shopCartEmpty");
  return cart;
}

// ------------------------------------------------------------------ the cart payload

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
export async function cartPayload(ctx: ServiceContext, cart: repo.CartRow, userId: number | null): Promise<Cart> {
  const { db } = ctx;
  const now = ctx.now();
  const pricing = priceCart(db, cart, cart.userId ?? userId, now);
  // Fundings and the pending order do not depend on the prices: asked while the cart is priced.
  const [priced, fundingRows, commandId] = await Promise.all([
    pricing,
    pricing.then((p) =>
      repo.listFundingsOfTrainings(
        db,
        p.lines.map((l) => l.training.id),
      ),
    ),
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
export async function publishCart(ctx: ServiceContext, cart: Cart): Promise<void> {
  try {
    await ctx.broadcaster.broadcast(cart.channel, "CartUpdate", { cart });
  } catch (error) {
    ctx.logger.warn({ err: error, cartId: cart.id }, "CartUpdate broadcast failed");
  }
}

export async function changed(ctx: ServiceContext, cartId: number): Promise<Cart> {
  const cart = await repo.findCartById(ctx.db, cartId);
  const payload = await cartPayload(ctx, cart!, userIdOf(ctx));
  await publishCart(ctx, payload);
  return payload;
}

// ------------------------------------------------------------------ the store's listing

/**
 * The shop page's trainings (spec 2, /boutique /tienda): those available on the store with a price, newest first,
 * each with its catalogue card and its sessions not started yet with their seats. Four statements a page.
 */
export async function listStore(ctx: ServiceContext, query: { page: number; pageSize: number }): Promise<ShopListing> {
  const { db, brand } = ctx;
  const total = await repo.countStoreListing(db, brand.key, brand.contentLang);
  const page = paginate({ total, page: query.page, pageSize: query.pageSize });
  const ids = total > 0 ? await repo.listStoreListingIds(db, brand.key, brand.contentLang, { limit: page.pageSize, offset: page.offset }) : [];
  const [courses, sessions] = await Promise.all([listCoursesByIds(ctx, ids), repo.listSessionsOfTrainings(db, ids)]);
  const today = toParisDate(ctx.now());
  return {
    items: courses.map((course) => ({ course, sessions: sessionChoices(sessions, course.id, today) })),
    total,
    page: page.page,
    pageSize: page.pageSize,
    pageCount: page.pageCount,
  };
}

// ------------------------------------------------------------------ cart use cases

export async function getCart(ctx: ServiceContext, cartToken: string | null): Promise<Cart | null> {
  await requireShopContext(ctx);
  const cart = await findCart(ctx, cartToken);
  return cart ? cartPayload(ctx, cart, userIdOf(ctx)) : null;
}

export type AddItem = number | { productId: number; quantity?: number };

export async function addProducts(ctx: ServiceContext, cookie: CartCookie, items: AddItem[]): Promise<Cart> {
  await requireShopContext(ctx);
  const ids = items.map((item) => (typeof item === "number" ? item : item.productId));
  if (new Set(ids).size !== ids.length) throw new AppError("VALIDATION", "shopProductDuplicate", { fields: { products: ["shopProductDuplicate"] } });
  const { db } = ctx;
  const userId = userIdOf(ctx);
  const found = await repo.findStoreTrainings(db, ctx.brand.key, ids);
  if (found.length !== ids.length) throw new AppError("NOT_FOUND", "shopProductNotFound");
  if (userId !== null && (await repo.activeEnrolmentTrainingIds(db, userId, ids)).size > 0) throw new AppError("CONFLICT", "shopAlreadyEnrolled");
  const existing = await findCart(ctx, cookie.token);
  if (existing) {
    const present = new Set((await repo.listCartLines(db, existing.id)).map((l) => l.training.id));
    if (ids.some((id) => present.has(id))) throw new AppError("CONFLICT", "shopProductAlreadyInCart");
  }
  const cart = existing ?? (await findOrCreateCart(ctx, cookie));
  try {
    await repo.insertCartProducts(db, cart.id, ids, ctx.now());
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw new AppError("CONFLICT", "shopProductAlreadyInCart");
    throw error;
  }
  return changed(ctx, cart.id);
}

export async function removeProduct(ctx: ServiceContext, cartToken: string | null, trainingId: number): Promise<Cart> {
  await requireShopContext(ctx);
  const cart = await findCart(ctx, cartToken);
  if (!cart || !(await repo.deleteCartProductByTraining(ctx.db, cart.id, trainingId))) throw new AppError("NOT_FOUND", "shopCartProductNotFound");
  await repo.touchCart(ctx.db, cart.id, ctx.now());
  return changed(ctx, cart.id);
}

async function requireStoreTraining(ctx: ServiceContext, trainingId: number): Promise<repo.ShopTrainingRow> {
  const [training] = await repo.findStoreTrainings(ctx.db, ctx.brand.key, [trainingId]);
  if (!training) throw new AppError("NOT_FOUND", "shopProductNotFound");
  return training;
}

/** The cart line of this visitor's cart, with its training; another buyer's line reads as absent (404). */
async function requireCartLine(ctx: ServiceContext, cartToken: string | null, productCartId: number) {
  const cart = await findCart(ctx, cartToken);
  const line = cart ? await repo.findCartProduct(ctx.db, cart.id, productCartId) : undefined;
  if (!cart || !line) throw new AppError("NOT_FOUND", "shopCartProductNotFound");
  const training = await requireStoreTraining(ctx, line.trainingId);
  return { cart, line, training };
}

export async function availableFunctions(ctx: ServiceContext, productId: number): Promise<{ name: string }[]> {
  await requireShopContext(ctx);
  const training = await requireStoreTraining(ctx, productId);
  return training.availableFunctions.map((name) => ({ name }));
}

export async function setProductFunction(ctx: ServiceContext, cartToken: string | null, productCartId: number, functionName: string): Promise<Cart> {
  await requireShopContext(ctx);
  const { cart, training } = await requireCartLine(ctx, cartToken, productCartId);
  if (!training.availableFunctions.includes(functionName)) {
    throw new AppError("VALIDATION", "shopFunctionNotAvailable", { fields: { functionName: ["shopFunctionNotAvailable"] } });
  }
  await repo.updateCartProduct(ctx.db, productCartId, { functionName });
  await repo.touchCart(ctx.db, cart.id, ctx.now());
  return changed(ctx, cart.id);
}

export async function availableFundings(ctx: ServiceContext, productId: number, functionName?: string) {
  await requireShopContext(ctx);
  const training = await requireStoreTraining(ctx, productId);
  if (functionName !== undefined && !training.availableFunctions.includes(functionName)) {
    throw new AppError("VALIDATION", "shopFunctionNotAvailable", { fields: { function: ["shopFunctionNotAvailable"] } });
  }
  const rows = await repo.listTrainingFundings(ctx.db, training.id);
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, label: fundingLabel(r.name) }));
}

export async function setProductFunding(ctx: ServiceContext, cartToken: string | null, productCartId: number, fundingId: number): Promise<Cart> {
  await requireShopContext(ctx);
  const { cart, training } = await requireCartLine(ctx, cartToken, productCartId);
  const offered = await repo.listTrainingFundings(ctx.db, training.id);
  if (!offered.some((f) => f.id === fundingId))
    throw new AppError("VALIDATION", "shopFundingNotAvailable", { fields: { fundingId: ["shopFundingNotAvailable"] } });
  await repo.updateCartProduct(ctx.db, productCartId, { fundingId });
  await repo.touchCart(ctx.db, cart.id, ctx.now());
  return changed(ctx, cart.id);
}

export async function setProductSession(
  ctx: ServiceContext,
  cartToken: string | null,
  productCartId: number,
  sessionId: number,
  sessionCourseId: number,
): Promise<Cart> {
  await requireShopContext(ctx);
  const { cart, training } = await requireCartLine(ctx, cartToken, productCartId);
  const session = await repo.findSessionOfGroup(ctx.db, sessionId);
  if (!session || session.trainingId !== training.id || session.faceToFaceId !== sessionCourseId) {
    throw new AppError("VALIDATION", "shopSessionNotOfTraining", { fields: { sessionId: ["shopSessionNotOfTraining"] } });
  }
  if (session.startDate < toParisDate(ctx.now())) throw new AppError("CONFLICT", "shopSessionPast");
  if (session.currentParticipants >= session.maxParticipants) throw new AppError("CONFLICT", "shopSessionFull");
  await repo.updateCartProduct(ctx.db, productCartId, { sessionId, sessionCourseId });
  await repo.touchCart(ctx.db, cart.id, ctx.now());
  return changed(ctx, cart.id);
}

export async function addDiscount(ctx: ServiceContext, cartToken: string | null, rawCode: string): Promise<{ cart: Cart; code: string }> {
  await requireShopContext(ctx);
  const code = normalizeDiscountCode(rawCode);
  const cart = await requireCart(ctx, cartToken);
  const { db } = ctx;
  const lines = await repo.listCartLines(db, cart.id);
  if (lines.length === 0) throw new AppError("CONFLICT", "shopCartEmpty");
  const row = await repo.findDiscountByCode(db, ctx.brand.key, code);
  const usage = row ? await repo.countDiscountUses(db, row.id, userIdOf(ctx)) : { total: 0, byCustomer: 0 };
  const check = checkDiscount(
    row ? discountOf(row) : null,
    ctx.now(),
    usage,
    lines.map((l) => l.training.id),
  );
  if (!check.ok) {
    const status = check.reason === "unknown" ? "NOT_FOUND" : check.reason === "notApplicable" ? "VALIDATION" : "CONFLICT";
    throw new AppError(status, DISCOUNT_MESSAGES[check.reason], { values: { code } });
  }
  await repo.setCartDiscount(db, cart.id, row!.id, ctx.now());
  return { cart: await changed(ctx, cart.id), code };
}

// ------------------------------------------------------------------ login merge and channel ownership

/**
 * At login or account creation: the anonymous cart of the cookie joins the user's cart of the brand. Returns
 * whether the cookie should be cleared (there was one).
 */
export async function mergeAnonymousCart(ctx: ServiceContext, userId: number, token: string | null): Promise<boolean> {
  if (!isPlausibleToken(token)) return token !== null;
  const anonymous = await repo.findTokenCart(ctx.db, hashCartToken(token), ctx.brand.key);
  if (!anonymous) return true;
  const cartId = await repo.mergeCartIntoUser(ctx.db, anonymous, userId, ctx.now());
  const cart = await repo.findCartById(ctx.db, cartId);
  if (cart) await publishCart(ctx, await cartPayload(ctx, cart, userId));
  return true;
}

/** Whether the visitor owns the cart of this channel (private-cart.{id}): by session, or by the cart cookie. */
export async function ownsCartChannel(ctx: ServiceContext, userId: number | null, token: string | null, channel: string): Promise<boolean> {
  const carts: (repo.CartRow | undefined)[] = [];
  if (userId !== null) carts.push(await repo.findUserCart(ctx.db, userId, ctx.brand.key));
  if (isPlausibleToken(token)) carts.push(await repo.findTokenCart(ctx.db, hashCartToken(token), ctx.brand.key));
  return carts.some((cart) => cart !== undefined && cartChannelName(cart.id) === channel);
}
