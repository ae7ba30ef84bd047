/**
 * Which PaymentProvider a card payment goes through: for a new payment, the one PAYMENT_PROVIDER names (checked at
 * start-up); for a payment already started (its notification, its form asked again), the one its order names, if it
 * is still configured. SystemPay from its SYSTEMPAY_* settings, or the sandbox signed with APP_SECRET.
 */
import { cardPaymentProvider } from "../../../env.ts";
import type { PaymentProvider } from "../../../payments/provider.ts";
import { createSandboxProvider } from "../../../payments/sandbox.ts";
import { createSystemPayProvider } from "../../../payments/systempay.ts";
import type { BackDeps } from "../../context.ts";

/** What choosing a provider reads: the settings and the clock (the deps, or a service context). */
type Settings = Pick<BackDeps, "env" | "now">;

/**
 * The SystemPay adapter when configured (SYSTEMPAY_SHOP_ID, and SYSTEMPAY_KEY for form payments and their IPN, or
 * SYSTEMPAY_PASSWORD for REST notifications), else null.
 */
function systemPayProvider(deps: Settings): PaymentProvider | null {
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
export function paymentProvider(deps: Settings): PaymentProvider {
  if (cardPaymentProvider(deps.env) === "sandbox") return createSandboxProvider({ appSecret: appSecret(deps), now: deps.now });
  const systemPay = systemPayProvider(deps);
  if (!systemPay) throw new Error("SystemPay is not configured");
  return systemPay;
}

/** The provider a notification names, if it is configured: payments started before a switch still settle. */
export function notifyingProvider(deps: Settings, name: string): PaymentProvider | null {
  if (name === "sandbox") return createSandboxProvider({ appSecret: appSecret(deps), now: deps.now });
  if (name === "systempay") return systemPayProvider(deps);
  return null;
}

export function appSecret(deps: Settings): string {
  return deps.env.APP_SECRET ?? "";
}
