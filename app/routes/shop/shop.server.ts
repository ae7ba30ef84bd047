import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { shopEndpoints } from "#core/contract/endpoints/shop.ts";
import { ShopAddFormSchema, ShopDiscountFormSchema, ShopEmptyFormSchema, ShopLineFormSchema, ShopRemoveFormSchema } from "#core/contract/shop.ts";
import { BackError } from "~/lib/back.server";
import { loadCart } from "~/lib/shop-cart.server";
export { loadCart };
import { requestStateContext } from "~/lib/context";
import { getUser } from "~/lib/current-user.server";
import { parseSubmission, readFormData } from "~/lib/forms.server";
import { loginPath, pathOf } from "~/lib/paths.server";
import { redirectWithToast, type ToastInput } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/** The intents the shop's forms post, and the schema of each. */
const INTENTS = {
  add: ShopAddFormSchema,
  remove: ShopRemoveFormSchema,
  line: ShopLineFormSchema,
  discount: ShopDiscountFormSchema,
  payCard: ShopEmptyFormSchema,
  payCheck: ShopEmptyFormSchema,
  payFree: ShopEmptyFormSchema,
} as const;
type Intent = keyof typeof INTENTS;

const isIntent = (value: unknown): value is Intent => typeof value === "string" && value in INTENTS;

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

/**
 * Every shop form (the shop page, catalogue cards, course page and cart post here through their own action): one
 * call to the back API, then back to `returnTo` with the API's message as a toast (Post/Redirect/Get, so it works
 * without JavaScript). Payments redirect to the provider's page or the order page.
 */
export async function shopAction({ request, context, returnTo }: { request: Request; context: Context; returnTo: string }) {
  const formData = await readFormData(request, context);
  const common = serverT(context, "common");
  const t = serverT(context, "shop");
  const intent = formData.get("intent");
  if (!isIntent(intent)) throw data({ message: common("errors.anErrorOccurred") }, { status: 400 });
  const submission = parseSubmission(formData, context, INTENTS[intent] as z.ZodType);
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .filter(Boolean)[0] ?? common("validation.invalidInput");
    throw redirectWithToast(returnTo, { type: "error", message });
  }
  const user = await getUser(context);
  const { back } = context.get(requestStateContext);
  const value = submission.value as Record<string, unknown>;
  const cartPath = pathOf(context, "cart");
  let toast: ToastInput;
  try {
    switch (intent) {
      case "add":
        await back.call(shopEndpoints.addProducts, { body: { products: [(value as z.infer<typeof ShopAddFormSchema>).productId] } });
        toast = { type: "success", message: t("toast.added") };
        break;
      case "remove":
        await back.call(shopEndpoints.removeProduct, { body: { productId: (value as z.infer<typeof ShopRemoveFormSchema>).productId } });
        toast = { type: "success", message: t("toast.removed") };
        break;
      case "line":
        await saveLineChoices(context, value as z.infer<typeof ShopLineFormSchema>);
        toast = { type: "success", message: t("toast.updated") };
        break;
      case "discount": {
        const code = String(value.code).toUpperCase();
        await back.call(shopEndpoints.addDiscount, { params: { code }, body: {} });
        toast = { type: "success", message: t("toast.discountApplied", { code }) };
        break;
      }
      case "payCard":
      case "payCheck":
      case "payFree": {
        // An anonymous buyer logs in first (the cart cookie merges into the account's cart), then comes back.
        if (!user.loggedIn) throw redirect(loginPath(context, cartPath));
        const orderPath = pathOf(context, "order");
        if (intent === "payCard") {
          // The provider sends the buyer back to the order page (the back API's fixed return, ADR 0100).
          const start = await back.call(shopEndpoints.paymentToken);
          // The sandbox answers GET; a POST provider (SystemPay) gets its auto-submitted form page.
          if (start.method === "GET") throw redirectDocument(start.url);
          throw redirect(`${orderPath}?${new URLSearchParams({ order: String(start.orderId), payment: "post" })}`);
        }
        const order = intent === "payCheck" ? await back.call(shopEndpoints.payByCheck) : await back.call(shopEndpoints.freePayment, { body: {} });
        throw redirect(`${orderPath}?${new URLSearchParams({ order: String(order.id) })}`);
      }
    }
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
}
