/** The shop endpoints (spec 7, Shop), mounted under /back/api: thin, the service does the work. */
import { Hono, type Context } from "hono";
import { shopEndpoints as endpoints } from "#core/contract/endpoints/shop.ts";
import {
  AvailableFunctionsReplySchema,
  AvailableFundingsReplySchema,
  CartReplySchema,
  CartSchema,
  OrderSchema,
  PaymentStartSchema,
  ShopListingSchema,
  type Cart,
} from "#core/contract/shop.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { serializeCookie } from "../../http/cookies.ts";
import { ok, register } from "../../http/register.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { isSecureRequest } from "../../http/session.ts";
import type { ServiceContext } from "../../service-context.ts";
import * as carts from "./cart.service.ts";
import * as orders from "./orders.service.ts";
import * as payments from "./payments.service.ts";
import { confirmCheck } from "../accounting/accounting.service.ts";

export const shopRoutes = new Hono<BackEnv>();
type C = Context<BackEnv>;

export function cartCookie(c: C, value: string, maxAge: number): string {
  return serializeCookie(carts.CART_COOKIE, value, { httpOnly: true, sameSite: "Lax", secure: isSecureRequest(c), maxAge });
}

/** The cart cookie's value (an anonymous visitor's cart). */
const cartToken = (c: C): string | null => parseCookies(c.req.header("cookie"))[carts.CART_COOKIE] ?? null;

/** The cart cookie, with how to set it (a new anonymous cart). */
const cartCookieOf = (c: C): carts.CartCookie => ({
  token: cartToken(c),
  set: (token) => c.header("Set-Cookie", cartCookie(c, token, carts.CART_COOKIE_DAYS * 24 * 3600), { append: true }),
});

/** The public origin the provider sends the buyer back to and notifies (the brand's host, else the request's). */
const paymentOrigin = (c: C) => publicOriginFor(c, c.get("brand").key) ?? new URL(c.req.url).origin;

const cartReply = (cart: Cart, message: string) => ok(CartSchema.parse(cart), message);

const pdfReply = (c: C, { bytes, filename }: { bytes: Uint8Array; filename: string }) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(bytes.byteLength),
  });

/** The store's listing (the shop page): public, like the catalogue. */
register(shopRoutes, endpoints.products, async (_c, { ctx, query }) => ok(ShopListingSchema.parse(await carts.listStore(ctx, query))));

register(shopRoutes, endpoints.cart, async (c, { ctx }) => ok(CartReplySchema.parse(await carts.getCart(ctx, cartToken(c)))));

register(shopRoutes, endpoints.addProducts, async (c, { ctx, body }) =>
  cartReply(await carts.addProducts(ctx, cartCookieOf(c), body.products), c.get("t")("shopProductAdded")),
);

register(shopRoutes, endpoints.removeProduct, async (c, { ctx, body }) =>
  cartReply(await carts.removeProduct(ctx, cartToken(c), body.productId), c.get("t")("shopProductRemoved")),
);

register(shopRoutes, endpoints.availableFunctions, async (_c, { ctx, body }) =>
  ok(AvailableFunctionsReplySchema.parse(await carts.availableFunctions(ctx, body.productId))),
);

register(shopRoutes, endpoints.setProductFunction, async (c, { ctx, body }) =>
  cartReply(await carts.setProductFunction(ctx, cartToken(c), body.productCartId, body.functionName), c.get("t")("shopCartUpdated")),
);

register(shopRoutes, endpoints.availableFundings, async (_c, { ctx, body }) =>
  ok(AvailableFundingsReplySchema.parse(await carts.availableFundings(ctx, body.productId, body.function))),
);

register(shopRoutes, endpoints.setProductFunding, async (c, { ctx, body }) =>
  cartReply(await carts.setProductFunding(ctx, cartToken(c), body.productCartId, body.fundingId), c.get("t")("shopCartUpdated")),
);

register(shopRoutes, endpoints.setProductSession, async (c, { ctx, body }) =>
  cartReply(await carts.setProductSession(ctx, cartToken(c), body.productCartId, body.sessionId, body.sessionCourseId), c.get("t")("shopCartUpdated")),
);

async function addDiscount(c: C, ctx: ServiceContext, code: string) {
  const result = await carts.addDiscount(ctx, cartToken(c), code);
  return cartReply(result.cart, c.get("t")("shopDiscountApplied", { code: result.code }));
}
register(shopRoutes, endpoints.addDiscount, async (c, { ctx, params }) => addDiscount(c, ctx, params.code));
// The spec's GET form changes state: register asks for the CSRF header like a POST (419 otherwise).
register(shopRoutes, endpoints.addDiscountGet, async (c, { ctx, params }) => addDiscount(c, ctx, params.code));

/** The provider sends the buyer back to the order page: a fixed page, never a path from the query (ADR 0100). */
register(shopRoutes, endpoints.paymentToken, async (c, { ctx }) => {
  const start = await payments.startCardPayment(ctx, cartToken(c), { origin: paymentOrigin(c) });
  return ok(PaymentStartSchema.parse(start), c.get("t")("shopPaymentStarted"));
});

/** The signed form of the buyer's pending card order (a POST provider's order page renders it). Writes nothing. */
register(shopRoutes, endpoints.paymentForm, async (c, { ctx, params }) => {
  const start = await payments.paymentForm(ctx, params.id, { origin: paymentOrigin(c) });
  return ok(PaymentStartSchema.parse(start));
});

register(shopRoutes, endpoints.freePayment, async (c, { ctx }) => {
  const order = await payments.freePayment(ctx, cartToken(c));
  return ok(OrderSchema.parse(order), c.get("t")("shopOrderPaid"));
});

register(shopRoutes, endpoints.payByCheck, async (c, { ctx }) => {
  const order = await payments.payByCheck(ctx, cartToken(c));
  return ok(OrderSchema.parse(order), c.get("t")("shopOrderPendingCheck"));
});

/** The buyer's (or the pharmacy referent's) order and its invoice PDF. */
register(shopRoutes, endpoints.order, async (_c, { ctx, caller, params }) => ok(OrderSchema.parse(await orders.getOrder(ctx, caller.userId, params.id))));

register(shopRoutes, endpoints.invoice, async (c, { ctx, caller, params }) => pdfReply(c, await orders.getInvoicePdf(ctx, caller.userId, params.id)));

/** The credit note of the order's invoice (ADR 0094), for the buyer or the pharmacy's referents. */
register(shopRoutes, endpoints.creditNote, async (c, { ctx, caller, params }) => pdfReply(c, await orders.getCreditNotePdf(ctx, caller.userId, params.id)));

/**
 * Back office: a cheque has been received, the pending check order becomes paid (seats, enrolment, invoice), with
 * its audit row in the payment's transaction (the accounting tool's confirmation, ADR 0089).
 */
register(shopRoutes, endpoints.markPaid, async (c, { ctx, caller, params }) => {
  await confirmCheck(ctx, caller.userId, params.id);
  const order = await orders.getOrderForAdmin(ctx, params.id);
  return ok(OrderSchema.parse(order), c.get("t")("shopOrderPaid"));
});

const PROVIDERS = new Set(["sandbox", "systempay"]);

/**
 * Server-to-server payment notifications. No session and no CSRF cookie can come with them: the provider's
 * signature is what authenticates them (verified before anything changes; see the CSRF exemption in app.ts).
 */
register(shopRoutes, endpoints.paymentNotification, async (c, { ctx, params }) => {
  if (!PROVIDERS.has(params.provider)) throw new AppError("NOT_FOUND", "shopNotificationInvalid");
  const body = await c.req.text();
  const headers = Object.fromEntries([...c.req.raw.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
  const result = await payments.receiveNotification(ctx, params.provider, { body, contentType: c.req.header("content-type") ?? "", headers });
  return ok({ result }, c.get("t")("shopNotificationAccepted"));
});
