import type { z } from "zod";
import { CartReplySchema, CartSchema, OrderSchema, PaymentStartSchema, ShopListingSchema } from "./shop.ts";
/**
 * The GETs not converted to endpoint objects yet (core/contract/endpoints, issue 31): this table only shrinks.
 * The `data` of each, by route path (as the Hono routes declare it, under /back/api); `null`
 * for the few GETs without a JSON success to check (a file, a page, a stream, an endpoint that only answers errors). The integration test
 * tests/integration/contract-replies.test.ts fails when a GET of the route table is missing here, and parses what
 * each one returns with its schema.
 */
export const GET_REPLIES: Record<string, z.ZodType | null> = {
  "/shop/cart": CartReplySchema,
  "/shop/addDiscount/:code": CartSchema,
  "/shop/getPaymentToken": PaymentStartSchema,
  "/shop/paymentForm/:id": PaymentStartSchema,
  "/shop/products": ShopListingSchema,
  "/shop/payByCheck": OrderSchema,
  "/shop/command/:id": OrderSchema,
  "/shop/invoice/:id": null,
  "/shop/creditNote/:id": null,
};
