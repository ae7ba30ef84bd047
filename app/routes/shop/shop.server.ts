import { redirect, redirectDocument, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { shopEndpoints } from "#core/contract/endpoints/shop.ts";
import { ShopAddFormSchema, ShopDiscountFormSchema, ShopEmptyFormSchema, ShopLineFormSchema, ShopRemoveFormSchema } from "#core/contract/shop.ts";
import { BackError } from "~/lib/back.server";
import { loadCart } from "~/lib/shop-cart.server";
export { loadCart };
import { requestStateContext } from "~/lib/context";
import { getUser } from "~/lib/current-user.server";
import { badRequest } from "~/lib/errors.server";
import { intentBranch, intentAction } from "~/lib/intent-action.server";
import { loginPath, pathOf } from "~/lib/paths.server";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/** The first field message of a 422, else the envelope message: what the buyer can act on. */
function backMessage(error: BackError): string {
  const first = Object.values(error.fieldErrors).flat()[0];
  return first ?? error.message;
}

/** The order a refused checkout names (already paid, awaiting its cheque: ADR 0101), if it names one. */
function namedOrderId(error: BackError): number | null {
  const id = (error.data as { orderId?: unknown } | null)?.orderId;
  return error.status === 409 && typeof id === "number" ? id : null;
}

/**
 * One cart line's form (ADR 0115): each choice that differs from the line's is set through its own API call, the
 * session first (the one a full or past session can refuse), then the function and the funding. A choice posted
 * unchanged is not sent again: a line keeps a session that has started or filled since it was chosen.
 */
async function saveLineChoices(context: Context, value: z.infer<typeof ShopLineFormSchema>): Promise<void> {
  const { back } = context.get(requestStateContext);
  const line = (await loadCart(context))?.products.find((p) => p.id === value.productCartId);
  const productCartId = value.productCartId;
  if (value.session && (!line || line.sessionId !== value.session[0] || line.sessionCourseId !== value.session[1])) {
    const [sessionId, sessionCourseId] = value.session;
    await back.call(shopEndpoints.setProductSession, { body: { productCartId, sessionId, sessionCourseId } });
  }
  if (value.functionName !== undefined && line?.functionName !== value.functionName) {
    await back.call(shopEndpoints.setProductFunction, { body: { productCartId, functionName: value.functionName } });
  }
  if (value.fundingId !== undefined && line?.fundingId !== value.fundingId) {
    await back.call(shopEndpoints.setProductFunding, { body: { productCartId, fundingId: value.fundingId } });
  }
}

type ShopPost = { context: Context; returnTo: string };

/**
 * One shop form: its schema, then `send`, the one call to the back API, then back to `returnTo` with the API's message
 * as a toast (Post/Redirect/Get, so it works without JavaScript); an invalid form goes back with its first message.
 */
function shopBranch<S extends z.ZodType>({ context, returnTo }: ShopPost, schema: S, send: (value: z.output<S>, loggedIn: boolean) => Promise<ToastInput>) {
  const common = serverT(context, "common");
  return intentBranch({
    schema,
    invalid: (submission): never => {
      const message =
        Object.values(submission.error ?? {})
          .flat()
          .filter(Boolean)[0] ?? common("validation.invalidInput");
      throw redirectWithToast(returnTo, { type: "error", message });
    },
    run: async ({ value }): Promise<never> => {
      const user = await getUser(context);
      const cartPath = pathOf(context, "cart");
      let toast: ToastInput;
      try {
        toast = await send(value, user.loggedIn);
      } catch (error) {
        if (!(error instanceof BackError)) throw error;
        if (error.status === 401) throw redirect(loginPath(context, cartPath));
        // A checkout sent again (a double click, the back button) lands on the order it already made, with the reason.
        const orderId = namedOrderId(error);
        if (orderId !== null)
          throw redirectWithToast(`${pathOf(context, "order")}?${new URLSearchParams({ order: String(orderId) })}`, { type: "info", message: error.message });
        toast = { type: "error", message: backMessage(error) || common("errors.anErrorOccurred") };
      }
      throw redirectWithToast(returnTo, toast);
    },
  });
}

/** A payment's start: an anonymous buyer logs in first (the cart cookie merges into the account's cart), then comes back. */
function requireBuyer(context: Context, loggedIn: boolean): void {
  if (!loggedIn) throw redirect(loginPath(context, pathOf(context, "cart")));
}

function orderPage(context: Context, query: Record<string, string>): never {
  throw redirect(`${pathOf(context, "order")}?${new URLSearchParams(query)}`);
}

/**
 * Every shop form (the shop page, catalogue cards, course page and cart post here, each page taking the forms it
 * shows): one call to the back API, then back to `returnTo`. Payments redirect to the provider's page or the order page.
 */
export function shopBranches(post: ShopPost) {
  const { context } = post;
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "shop");
  return {
    add: shopBranch(post, ShopAddFormSchema, async (value) => {
      await back.call(shopEndpoints.addProducts, { body: { products: [value.productId] } });
      return { type: "success", message: t("toast.added") };
    }),
    remove: shopBranch(post, ShopRemoveFormSchema, async (value) => {
      await back.call(shopEndpoints.removeProduct, { body: { productId: value.productId } });
      return { type: "success", message: t("toast.removed") };
    }),
    line: shopBranch(post, ShopLineFormSchema, async (value) => {
      await saveLineChoices(context, value);
      return { type: "success", message: t("toast.updated") };
    }),
    discount: shopBranch(post, ShopDiscountFormSchema, async (value) => {
      const code = String(value.code).toUpperCase();
      await back.call(shopEndpoints.addDiscount, { params: { code }, body: {} });
      return { type: "success", message: t("toast.discountApplied", { code }) };
    }),
    payCard: shopBranch(post, ShopEmptyFormSchema, async (_, loggedIn) => {
      requireBuyer(context, loggedIn);
      // The provider sends the buyer back to the order page (the back API's fixed return, ADR 0100).
      const start = await back.call(shopEndpoints.paymentToken);
      // The sandbox answers GET; a POST provider (SystemPay) gets its auto-submitted form page.
      if (start.method === "GET") throw redirectDocument(start.url);
      return orderPage(context, { order: String(start.orderId), payment: "post" });
    }),
    payCheck: shopBranch(post, ShopEmptyFormSchema, async (_, loggedIn) => {
      requireBuyer(context, loggedIn);
      return orderPage(context, { order: String((await back.call(shopEndpoints.payByCheck)).id) });
    }),
    payFree: shopBranch(post, ShopEmptyFormSchema, async (_, loggedIn) => {
      requireBuyer(context, loggedIn);
      return orderPage(context, { order: String((await back.call(shopEndpoints.freePayment, { body: {} })).id) });
    }),
  };
}

/** The shop page's action: every form of the shop. */
export function shopAction({ request, context, returnTo }: ShopPost & { request: Request }) {
  return intentAction(request, context, shopBranches({ context, returnTo }), { unknownIntent: () => badRequest(context) });
}
