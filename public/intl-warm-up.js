// Started by every page's <head> (app/components/layout/intl-warm-up.tsx, ADR 0098). A browser loads the data of
// its Intl formatters once per process, on the first formatter it builds: 50 to 140 ms, which hydration paid in
// one blocking task when the first card formatted its price. Built here first, on another thread, the same
// formatters cost the page's own thread under a millisecond. The page never waits for this worker.
const locale = self.name || "fr-FR";
try {
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(4.5);
  new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(12.5);
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(0);
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(0);
  new Intl.PluralRules(locale).select(2);
} finally {
  close();
}
