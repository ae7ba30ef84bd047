/**
 * The shop (spec 7, Shop; ADR 0030/0031, 0100-0103): the store's listing, the cart of a visitor (behind the cart
 * cookie) or of a shop customer, the checkout in its three payment modes, the buyer's orders and their PDFs, a cheque
 * marked received by the back office, and the provider's signed notifications. Which visitor may shop is the
 * service's guard (requireShopContext): most endpoints are public at the door.
 */
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { EmptyBody } from "../ids.ts";
import {
  AddProductsSchema,
  AvailableFunctionsReplySchema,
  AvailableFunctionsSchema,
  AvailableFundingsReplySchema,
  AvailableFundingsSchema,
  CartReplySchema,
  CartSchema,
  DiscountCodeParamsSchema,
  OrderSchema,
  PaymentNotificationParamsSchema,
  PaymentNotificationReplySchema,
  PaymentStartSchema,
  RemoveProductSchema,
  SetProductFundingSchema,
  SetProductFunctionSchema,
  SetProductSessionSchema,
  ShopListingQuerySchema,
  ShopListingSchema,
} from "../shop.ts";

export const shopEndpoints = {
  /** The store's listing (the shop page): public, like the catalogue. */
  products: endpoint({ method: "GET", path: "/shop/products", query: ShopListingQuerySchema, reply: ShopListingSchema, access: "public" }),
  /** The visitor's cart, or null when there is none (403 for a logged-in user outside the shop). */
  cart: endpoint({ method: "GET", path: "/shop/cart", reply: CartReplySchema, access: "public" }),
  addProducts: endpoint({ method: "POST", path: "/shop/add/products", body: AddProductsSchema, reply: CartSchema, access: "public" }),
  removeProduct: endpoint({ method: "POST", path: "/shop/remove/product", body: RemoveProductSchema, reply: CartSchema, access: "public" }),
  availableFunctions: endpoint({
    method: "POST",
    path: "/shop/getAvailableFunctions/product",
    body: AvailableFunctionsSchema,
    reply: AvailableFunctionsReplySchema,
    access: "public",
  }),
  setProductFunction: endpoint({
    method: "POST",
    path: "/shop/setProductFunction/product",
    body: SetProductFunctionSchema,
    reply: CartSchema,
    access: "public",
  }),
  availableFundings: endpoint({
    method: "POST",
    path: "/shop/getAvailableFundings/product",
    body: AvailableFundingsSchema,
    reply: AvailableFundingsReplySchema,
    access: "public",
  }),
  setProductFunding: endpoint({ method: "POST", path: "/shop/setProductFunding/product", body: SetProductFundingSchema, reply: CartSchema, access: "public" }),
  setProductSession: endpoint({ method: "POST", path: "/shop/setProductSession/product", body: SetProductSessionSchema, reply: CartSchema, access: "public" }),
  addDiscount: endpoint({
    method: "POST",
    path: "/shop/addDiscount/:code",
    params: DiscountCodeParamsSchema,
    body: EmptyBody,
    reply: CartSchema,
    access: "public",
  }),
  /** The spec's GET form of addDiscount: it changes the cart, so it needs the CSRF header like a POST. */
  addDiscountGet: endpoint({
    method: "GET",
    path: "/shop/addDiscount/:code",
    params: DiscountCodeParamsSchema,
    reply: CartSchema,
    access: "public",
    changesState: true,
  }),
  /**
   * The cart's card order and how to pay it with the provider; the provider sends the buyer back to the order page (a
   * fixed page, never a path from the query: ADR 0100). A guest is refused by the checkout (401 shopLoginRequired).
   */
  paymentToken: endpoint({ method: "GET", path: "/shop/getPaymentToken", reply: PaymentStartSchema, access: "public", changesState: true }),
  /** The signed form of the buyer's pending card order (a POST provider's order page renders it). Writes nothing. */
  paymentForm: endpoint({ method: "GET", path: "/shop/paymentForm/:id", params: IdParams, reply: PaymentStartSchema, access: "session" }),
  freePayment: endpoint({ method: "POST", path: "/shop/freePayment", body: EmptyBody, reply: OrderSchema, access: "public" }),
  payByCheck: endpoint({ method: "GET", path: "/shop/payByCheck", reply: OrderSchema, access: "public", changesState: true }),
  /** The buyer's (or the pharmacy referent's) order. */
  order: endpoint({ method: "GET", path: "/shop/command/:id", params: IdParams, reply: OrderSchema, access: "session" }),
  /** The order's invoice PDF. */
  invoice: endpoint({ method: "GET", path: "/shop/invoice/:id", params: IdParams, reply: "file", access: "session" }),
  /** The credit note of the order's invoice (ADR 0094), for the buyer or the pharmacy's referents. */
  creditNote: endpoint({ method: "GET", path: "/shop/creditNote/:id", params: IdParams, reply: "file", access: "session" }),
  /** Back office: a cheque has been received, the pending check order becomes paid (ADR 0089). */
  markPaid: endpoint({ method: "POST", path: "/admin/shop/orders/:id/markPaid", params: IdParams, body: EmptyBody, reply: OrderSchema, access: "admin" }),
  /**
   * The provider's server-to-server notification: no session, no CSRF header (exempt in app.ts); the handler verifies
   * the provider's signature over the raw body before anything changes (ADR 0100).
   */
  paymentNotification: endpoint({
    method: "POST",
    path: "/shop/payments/notify/:provider",
    params: PaymentNotificationParamsSchema,
    body: "raw",
    reply: PaymentNotificationReplySchema,
    access: "signature",
  }),
};
