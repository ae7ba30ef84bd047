import type { ReactNode } from "react";
import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatCalendarDay } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import type { TFunction } from "~/i18n/instance";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";

/**
 * A shop form: a plain POST with its `intent` to the page's own action (the shop, catalogue, course and cart pages
 * all hand it to shopAction), which redirects back with a toast: it works without JavaScript.
 */
export function ShopForm({
  intent,
  children,
  className,
  testId,
  action,
}: {
  intent: string;
  children: ReactNode;
  className?: string;
  testId?: string;
  action?: string;
}) {
  return (
    <Form method="post" action={action} preventScrollReset className={className} data-testid={testId}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** "Add to cart" for one training. */
export function AddToCartForm({ productId, name, action }: { productId: number; name: string; action?: string }) {
  const { t } = useTranslation("shop");
  return (
    <ShopForm intent="add" action={action} testId="add-to-cart-form">
      <input type="hidden" name="productId" value={productId} />
      {/* The visible words start the accessible name; the training's name follows for screen readers. */}
      <Button type="submit" size="small" data-testid="add-to-cart">
        {t("add.button")}
        <span className="sr-only"> : {name}</span>
      </Button>
    </ShopForm>
  );
}

/** One money formatter for the shop: integer cents in, the locale's currency format out. */
export function Money({ cents, currency, locale, testId }: { cents: number; currency: string; locale: string; testId?: string }) {
  return <span data-testid={testId}>{formatMoney(cents, currency, locale)}</span>;
}

/** Where and when a session is, as the shop words it everywhere (store, cart, order): "12 mars 2027 · Lyon". */
export function sessionLabel(
  t: TFunction,
  session: { startDate: string; virtualClass: boolean; city: string | null; groupName?: string },
  locale: string,
): string {
  return `${formatCalendarDay(session.startDate, locale, "medium")} · ${session.virtualClass ? t("sessions.virtual") : (session.city ?? session.groupName ?? "")}`;
}
