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

const cartReply = (cart: Cart, message: string) => ok(CartSchema.parse(cart), message);

const pdfReply = (c: C, { bytes, filename }: { bytes: Uint8Array; filename: string }) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(bytes.byteLength),
  });

/** The store's listing (the shop page): public, like the catalogue. */
register(shopRoutes, endpoints.products, async (c, { query }) => ok(ShopListingSchema.parse(await carts.listStore(c.var.deps, c.var.brand, query))));

register(shopRoutes, endpoints.cart, async (c) => ok(CartReplySchema.parse(await carts.getCart(ctxOf(c)))));

register(shopRoutes, endpoints.addProducts, async (c, { body }) => cartReply(await carts.addProducts(ctxOf(c), body.products), c.var.t("shopProductAdded")));

register(shopRoutes, endpoints.removeProduct, async (c, { body }) =>
  cartReply(await carts.removeProduct(ctxOf(c), body.productId), c.var.t("shopProductRemoved")),
);

register(shopRoutes, endpoints.availableFunctions, async (c, { body }) =>
  ok(AvailableFunctionsReplySchema.parse(await carts.availableFunctions(ctxOf(c), body.productId))),
);

register(shopRoutes, endpoints.setProductFunction, async (c, { body }) =>
  cartReply(await carts.setProductFunction(ctxOf(c), body.productCartId, body.functionName), c.var.t("shopCartUpdated")),
);

register(shopRoutes, endpoints.availableFundings, async (c, { body }) =>
  ok(AvailableFundingsReplySchema.parse(await carts.availableFundings(ctxOf(c), body.productId, body.function))),
);

register(shopRoutes, endpoints.setProductFunding, async (c, { body }) =>
  cartReply(await carts.setProductFunding(ctxOf(c), body.productCartId, body.fundingId), c.var.t("shopCartUpdated")),
);

register(shopRoutes, endpoints.setProductSession, async (c, { body }) =>
  cartReply(await carts.setProductSession(ctxOf(c), body.productCartId, body.sessionId, body.sessionCourseId), c.var.t("shopCartUpdated")),
);

async function addDiscount(c: C, code: string) {
  const result = await carts.addDiscount(ctxOf(c), code);
  return cartReply(result.cart, c.var.t("shopDiscountApplied", { code: result.code }));
}
register(shopRoutes, endpoints.addDiscount, async (c, { params }) => addDiscount(c, params.code));
// The spec's GET form changes state: register asks for the CSRF header like a POST (419 otherwise).
register(shopRoutes, endpoints.addDiscountGet, async (c, { params }) => addDiscount(c, params.code));

/** The provider sends the buyer back to the order page: a fixed page, never a path from the query (ADR 0100). */
register(shopRoutes, endpoints.paymentToken, async (c) => {
  const start = await payments.startCardPayment(ctxOf(c), { origin: paymentOrigin(c) });
  return ok(PaymentStartSchema.parse(start), c.var.t("shopPaymentStarted"));
});

/** The signed form of the buyer's pending card order (a POST provider's order page renders it). Writes nothing. */
register(shopRoutes, endpoints.paymentForm, async (c, { params }) => {
  const start = await payments.paymentForm(ctxOf(c), params.id, { origin: paymentOrigin(c) });
  return ok(PaymentStartSchema.parse(start));
});

register(shopRoutes, endpoints.freePayment, async (c) => {
  const order = await payments.freePayment(ctxOf(c));
  return ok(OrderSchema.parse(order), c.var.t("shopOrderPaid"));
});

register(shopRoutes, endpoints.payByCheck, async (c) => {
  const order = await payments.payByCheck(ctxOf(c));
  return ok(OrderSchema.parse(order), c.var.t("shopOrderPendingCheck"));
});

/** The buyer's (or the pharmacy referent's) order and its invoice PDF. */
register(shopRoutes, endpoints.order, async (c, { caller, params }) =>
  ok(OrderSchema.parse(await orders.getOrder(c.var.deps.db, c.var.t, c.var.brand.key, caller.userId, params.id))),
);

register(shopRoutes, endpoints.invoice, async (c, { caller, params }) =>
  pdfReply(c, await orders.getInvoicePdf(c.var.deps.db, c.var.brand.key, caller.userId, params.id)),
);

/** The credit note of the order's invoice (ADR 0094), for the buyer or the pharmacy's referents. */
register(shopRoutes, endpoints.creditNote, async (c, { caller, params }) =>
  pdfReply(c, await orders.getCreditNotePdf(c.var.deps.db, c.var.brand.key, caller.userId, params.id)),
);

/**
 * Back office: a cheque has been received, the pending check order becomes paid (seats, enrolment, invoice), with
 * its audit row in the payment's transaction (the accounting tool's confirmation, ADR 0089).
 */
register(shopRoutes, endpoints.markPaid, async (c, { caller, params }) => {
  await confirmCheck(c.var.deps, caller.userId, params.id);
  const order = await orders.getOrderForAdmin(c.var.deps.db, c.var.t, params.id);
  return ok(OrderSchema.parse(order), c.var.t("shopOrderPaid"));
});

const PROVIDERS = new Set(["sandbox", "systempay"]);

/**
 * Server-to-server payment notifications. No session and no CSRF cookie can come with them: the provider's
 * signature is what authenticates them (verified before anything changes; see the CSRF exemption in app.ts).
 */
register(shopRoutes, endpoints.paymentNotification, async (c, { params }) => {
  if (!PROVIDERS.has(params.provider)) throw new AppError("NOT_FOUND", "shopNotificationInvalid");
  const body = await c.req.text();
  const headers = Object.fromEntries([...c.req.raw.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
  const result = await payments.receiveNotification(
    c.var.deps,
    params.provider,
    { body, contentType: c.req.header("content-type") ?? "", headers },
    c.var.logger,
  );
  return ok({ result }, c.var.t("shopNotificationAccepted"));
});
