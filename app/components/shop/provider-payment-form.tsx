import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";

/**
 * The provider's signed payment form (SystemPay: vads_* fields and signature), posted by the browser to the
 * provider's page: submitted at once with JavaScript, by its visible button without. Shared by the shop's order page
 * and the pharmacy's contract page (ADR 0071).
 */
export function ProviderPaymentForm({ start, text, button }: { start: { url: string; fields: Record<string, string> }; text: string; button: string }) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    form.current?.submit();
  }, []);
  return (
    <form
      ref={form}
      method="post"
      action={start.url}
      className="flex flex-col gap-3 rounded-md border-2 border-[var(--color-primary)] bg-slate-50 p-4"
      data-testid="payment-form"
    >
      {Object.entries(start.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p role="status" className="font-semibold text-slate-900">
        {text}
      </p>
      <p>
        <Button type="submit" data-testid="payment-form-submit">
          {button}
        </Button>
      </p>
    </form>
  );
}
