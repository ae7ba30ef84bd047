/** The shop endpoints (spec 7, Shop), mounted under /back/api: thin, the service does the work. */
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  AddProductsSchema,
  AvailableFunctionsReplySchema,
  AvailableFunctionsSchema,
  AvailableFundingsReplySchema,
  AvailableFundingsSchema,
  CartReplySchema,
  CartSchema,
  DiscountCodeParamsSchema,
  OrderIdParamsSchema,
  OrderSchema,
  PaymentStartSchema,
  RemoveProductSchema,
  SetProductFundingSchema,
  SetProductFunctionSchema,
  SetProductSessionSchema,
  ShopListingQuerySchema,
  ShopListingSchema,
} from "#core/contract/shop.ts";
import { EmptyBody } from "#core/contract/ids.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { serializeCookie } from "../../http/cookies.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin, requireCsrfOnGet, requireSession } from "../../http/guards.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { isSecureRequest } from "../../http/session.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import * as carts from "./cart.service.ts";
import * as orders from "./orders.service.ts";
import * as payments from "./payments.service.ts";
import { confirmCheck } from "../accounting/accounting.service.ts";

export const shopRoutes = new Hono<BackEnv>();
type C = Context<BackEnv>;

export function cartCookie(c: C, value: string, maxAge: number): string {
  return serializeCookie(carts.CART_COOKIE, value, { httpOnly: true, sameSite: "Lax", secure: isSecureRequest(c), maxAge });
}

function ctxOf(c: C): carts.ShopCtx {
  const session = c.var.session;
  return {
    deps: c.var.deps,
    brand: c.var.brand,
    locale: c.var.locale,
    t: c.var.t,
    session,
    userId: session?.userId ?? null,
    accountId: session?.accountId ?? null,
    cartToken: parseCookies(c.req.header("cookie"))[carts.CART_COOKIE] ?? null,
    setCartToken: (token) => c.header("Set-Cookie", cartCookie(c, token, carts.CART_COOKIE_DAYS * 24 * 3600), { append: true }),
  };
}

/** The public origin the provider sends the buyer back to and notifies (the brand's host, else the request's). */
const paymentOrigin = (c: C) => publicOriginFor(c, c.var.brand.key) ?? new URL(c.req.url).origin;

const cartReply = (c: C, cart: unknown, message: string) => success(c, CartSchema.parse(cart), message);

/** The store's listing (the shop page): public, like the catalogue. */
shopRoutes.get("/shop/products", async (c) => {
  const query = parseInput(ShopListingQuerySchema, c.req.query(), c.var.t);
  return success(c, ShopListingSchema.parse(await carts.listStore(c.var.deps, c.var.brand, query)));
});

shopRoutes.get("/shop/cart", async (c) => success(c, CartReplySchema.parse(await carts.getCart(ctxOf(c)))));

shopRoutes.post("/shop/add/products", async (c) => {
  const { products } = await parseBody(c, AddProductsSchema);
  return cartReply(c, await carts.addProducts(ctxOf(c), products), c.var.t("shopProductAdded"));
});

shopRoutes.post("/shop/remove/product", async (c) => {
  const { productId } = await parseBody(c, RemoveProductSchema);
  return cartReply(c, await carts.removeProduct(ctxOf(c), productId), c.var.t("shopProductRemoved"));
});

shopRoutes.post("/shop/getAvailableFunctions/product", async (c) => {
  const { productId } = await parseBody(c, AvailableFunctionsSchema);
  return success(c, AvailableFunctionsReplySchema.parse(await carts.availableFunctions(ctxOf(c), productId)));
});

shopRoutes.post("/shop/setProductFunction/product", async (c) => {
  const input = await parseBody(c, SetProductFunctionSchema);
  return cartReply(c, await carts.setProductFunction(ctxOf(c), input.productCartId, input.functionName), c.var.t("shopCartUpdated"));
});

shopRoutes.post("/shop/getAvailableFundings/product", async (c) => {
  const input = await parseBody(c, AvailableFundingsSchema);
  return success(c, AvailableFundingsReplySchema.parse(await carts.availableFundings(ctxOf(c), input.productId, input.function)));
});

shopRoutes.post("/shop/setProductFunding/product", async (c) => {
  const input = await parseBody(c, SetProductFundingSchema);
  return cartReply(c, await carts.setProductFunding(ctxOf(c), input.productCartId, input.fundingId), c.var.t("shopCartUpdated"));
});

shopRoutes.post("/shop/setProductSession/product", async (c) => {
  const input = await parseBody(c, SetProductSessionSchema);
  return cartReply(c, await carts.setProductSession(ctxOf(c), input.productCartId, input.sessionId, input.sessionCourseId), c.var.t("shopCartUpdated"));
});

async function addDiscount(c: C) {
  const { code } = parseInput(DiscountCodeParamsSchema, { code: c.req.param("code") }, c.var.t);
  const result = await carts.addDiscount(ctxOf(c), code);
  return cartReply(c, result.cart, c.var.t("shopDiscountApplied", { code: result.code }));
}
shopRoutes.post("/shop/addDiscount/:code", async (c) => {
  await parseBody(c, EmptyBody);
  return addDiscount(c);
});
// The spec's GET form changes state: it needs the CSRF header like a POST (419 otherwise).
shopRoutes.get("/shop/addDiscount/:code", async (c) => {
  requireCsrfOnGet(c);
  return addDiscount(c);
});

/** The provider sends the buyer back to the order page: a fixed page, never a path from the query (ADR 0100). */
shopRoutes.get("/shop/getPaymentToken", async (c) => {
  requireCsrfOnGet(c);
  const start = await payments.startCardPayment(ctxOf(c), { origin: paymentOrigin(c) });
  return success(c, PaymentStartSchema.parse(start), c.var.t("shopPaymentStarted"));
});

/** The signed form of the buyer's pending card order (a POST provider's order page renders it). Writes nothing. */
shopRoutes.get("/shop/paymentForm/:id", async (c) => {
  requireSession(c);
  const { id } = parseInput(OrderIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  const start = await payments.paymentForm(ctxOf(c), id, { origin: paymentOrigin(c) });
  return success(c, PaymentStartSchema.parse(start));
});

shopRoutes.post("/shop/freePayment", async (c) => {
  await parseBody(c, EmptyBody);
  const order = await payments.freePayment(ctxOf(c));
  return success(c, OrderSchema.parse(order), c.var.t("shopOrderPaid"));
});

shopRoutes.get("/shop/payByCheck", async (c) => {
  requireCsrfOnGet(c);
  const order = await payments.payByCheck(ctxOf(c));
  return success(c, OrderSchema.parse(order), c.var.t("shopOrderPendingCheck"));
});

/** The buyer's (or the pharmacy referent's) order and its invoice PDF. */
shopRoutes.get("/shop/command/:id", async (c) => {
  const session = requireSession(c);
  const { id } = parseInput(OrderIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return success(c, OrderSchema.parse(await orders.getOrder(c.var.deps.db, c.var.t, c.var.brand.key, session.userId, id)));
});

shopRoutes.get("/shop/invoice/:id", async (c) => {
  const session = requireSession(c);
  const { id } = parseInput(OrderIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  const { bytes, filename } = await orders.getInvoicePdf(c.var.deps.db, c.var.brand.key, session.userId, id);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(bytes.byteLength),
  });
});

/** The credit note of the order's invoice (ADR 0094), for the buyer or the pharmacy's referents. */
shopRoutes.get("/shop/creditNote/:id", async (c) => {
  const session = requireSession(c);
  const { id } = parseInput(OrderIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  const { bytes, filename } = await orders.getCreditNotePdf(c.var.deps.db, c.var.brand.key, session.userId, id);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(bytes.byteLength),
  });
});

/**
 * Back office: a cheque has been received, the pending check order becomes paid (seats, enrolment, invoice), with
 * its audit row in the payment's transaction (the accounting tool's confirmation, ADR 0089).
 */
shopRoutes.post("/admin/shop/orders/:id/markPaid", async (c) => {
  const session = await requireAdmin(c);
  const { id } = parseInput(OrderIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  await parseBody(c, EmptyBody);
  await confirmCheck(c.var.deps, session.userId, id);
  const order = await orders.getOrderForAdmin(c.var.deps.db, c.var.t, id);
  return success(c, OrderSchema.parse(order), c.var.t("shopOrderPaid"));
});

const ProviderParamsSchema = z.object({ provider: z.enum(["sandbox", "systempay"]) });

/**
 * Server-to-server payment notifications. No session and no CSRF cookie can come with them: the provider's
 * signature is what authenticates them (verified before anything changes; see the CSRF exemption in app.ts).
 */
shopRoutes.post("/shop/payments/notify/:provider", async (c) => {
  const parsed = ProviderParamsSchema.safeParse({ provider: c.req.param("provider") });
  if (!parsed.success) throw new AppError("NOT_FOUND", "shopNotificationInvalid");
  const body = await c.req.text();
  const headers = Object.fromEntries([...c.req.raw.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
  const result = await payments.receiveNotification(
    c.var.deps,
    parsed.data.provider,
    { body, contentType: c.req.header("content-type") ?? "", headers },
    c.var.logger,
  );
  return success(c, { result }, c.var.t("shopNotificationAccepted"));
});
