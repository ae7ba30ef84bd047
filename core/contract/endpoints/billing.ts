/** The buyer's billing details (ADR 0102), asked at checkout: a logged-in shop customer's (403 outside the shop). */
import { BillingDetailsReplySchema } from "../billing.ts";
import { endpoint } from "../endpoint.ts";

export const billingEndpoints = {
  details: endpoint({ method: "GET", path: "/shop/billingDetails", reply: BillingDetailsReplySchema, access: "session" }),
  /** The fields asked depend on the buyer's country and kind (billingDetailsSchema): the handler picks the schema. */
  save: endpoint({ method: "POST", path: "/shop/billingDetails", body: "inHandler", reply: BillingDetailsReplySchema, access: "session" }),
};
