import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation } from "react-router";
import type { Brand } from "#core/branding/brands.ts";
import { formatDuration } from "#core/domain/duration.ts";
import { TRAINING_TYPES } from "#core/domain/training-types.ts";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { cx } from "~/components/ui/cx";
import { COMPLIANCE_PARAMS, FILTER_PARAMS, type Filters } from "./catalogue-url";

const isChecked = (value: string | undefined) => value === "1" || value === "true" || value === "on";

/** Duration choices, in minutes (any other value in the URL is added to the list). */
const MIN_DURATIONS = [30, 60, 120, 240, 420];
const MAX_DURATIONS = [60, 120, 240, 420, 840];

/** The funding filters that make sense for a brand's content. */
export function fundingChoices(brand: Brand): ("dpc" | "fundae" | "free")[] {
  if (brand.contentLang === "es") return ["fundae", "free"];
  return brand.key === "fr" ? ["dpc", "free"] : ["free"];
}

const FIELD = "field";

type Props = {
  /** Where the GET form goes (the page itself). */
  action: string;
  filters: Filters;
  /** The sort applied ("relevance" on a search without an explicit sort). */
  sort: string;
  sortOptions: string[];
  brand: Brand;
  loggedIn: boolean;
  /** The catalogue has a keyword field; the search page carries its text in the path. */
  withKeywords: boolean;
  /** The search page offers "relevance" as its default order. */
  withRelevance: boolean;
  invalid: Record<string, string[]> | null;
};

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {messages.join(" ")}
    </p>
  );
}

/**
 * The filters as one GET form: every state is a URL (shareable, works without JavaScript). Changing
 * a filter goes back to the first page / first results.
 */
export function CatalogueFilters({ action, filters, sort, sortOptions, brand, loggedIn, withKeywords, withRelevance, invalid }: Props) {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const errorProps = (name: string) => (invalid?.[name]?.length ? { "aria-invalid": true as const, "aria-describedby": id(`${name}-error`) } : {});
  const durations = (preset: number[], current?: string): [string, string][] => {
    const values = new Set(preset);
    if (current && /^[0-9]+$/.test(current)) values.add(Number(current));
    return [["", t("filters.durationAny")], ...[...values].sort((a, b) => a - b).map((m): [string, string] => [String(m), formatDuration(m)])];
  };
  const types = TRAINING_TYPES.filter((type) => type !== "dpc" || brand.key === "fr").map((type): [string, string] => [type, t(`types.${type}`)]);
  const fundings = fundingChoices(brand).map((funding): [string, string] => [funding, t(`filters.fundings.${funding}`)]);
  const activeCount = FILTER_PARAMS.filter((key) => key !== "sort" && key !== "q" && filters[key]).length;
  const sorts: [string, string][] = [
    ...(withRelevance ? [["", t("sorts.relevance")] as [string, string]] : []),
    ...sortOptions.map((o): [string, string] => [o, t(`sorts.${o}`)]),
  ];
  // A plain function (not a component): the fields keep their identity across renders.
  const select = (name: string, label: string, value: string | undefined, options: [string, string][]) => (
    <div key={name}>
      <label htmlFor={id(name)} className="mb-1 block font-semibold">
        {label}
      </label>
      <select id={id(name)} name={name} defaultValue={value ?? ""} className={FIELD} {...errorProps(name)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={id(`${name}-error`)} messages={invalid?.[name]} />
    </div>
  );

  return (
    <section aria-labelledby={id("title")} className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-1 md:py-4" data-testid="catalogue-filters">
      <h2 id={id("title")} className="sr-only text-lg font-bold md:not-sr-only">
        {t("filters.title")}
      </h2>
      {/* Closed on phones so the results show in the first screen; always open on wider screens (app.css). */}
      <details className="open-on-wide group" open={invalid ? true : undefined} data-testid="catalogue-filters-details">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-bold [&::-webkit-details-marker]:hidden">
          <span>
            {t("filters.show")}
            {activeCount ? <span className="ml-2 font-semibold text-slate-700">{t("filters.active", { count: activeCount })}</span> : null}
          </span>
          <span aria-hidden="true" className="text-xl group-open:rotate-180">
            ▾
          </span>
        </summary>
        <Form
          // A new URL (reset link, back button) shows its own state: the fields start again from it.
          key={location.search}
          method="get"
          action={action}
          className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          {COMPLIANCE_PARAMS.map((key) => (filters[key] ? <input key={key} type="hidden" name={key} value={filters[key]} /> : null))}
          {withKeywords ? (
            <div className="sm:col-span-2">
              <label htmlFor={id("q")} className="mb-1 block font-semibold">
                {t("filters.q")}
              </label>
              <input id={id("q")} name="q" type="search" defaultValue={filters.q ?? ""} maxLength={200} className={FIELD} {...errorProps("q")} />
              <FieldError id={id("q-error")} messages={invalid?.q} />
            </div>
          ) : null}
          {select("type", t("filters.type"), filters.type, [["", t("filters.typeAll")], ...types])}
          {select("funding", t("filters.funding"), filters.funding, [["", t("filters.fundingAll")], ...fundings])}
          {select("minDuration", t("filters.minDuration"), filters.minDuration, durations(MIN_DURATIONS, filters.minDuration))}
          {select("maxDuration", t("filters.maxDuration"), filters.maxDuration, durations(MAX_DURATIONS, filters.maxDuration))}
          {select("sort", t("filters.sort"), withRelevance && sort === "relevance" ? "" : sort, sorts)}
          <div className={cx("flex flex-col justify-center gap-2", loggedIn ? "sm:col-span-2" : "")}>
            <Checkbox name="new" value="1" defaultChecked={isChecked(filters.new)} label={t("filters.new")} />
            {loggedIn ? <Checkbox name="audience" value="mine" defaultChecked={filters.audience === "mine"} label={t("filters.audience")} /> : null}
            {loggedIn ? <Checkbox name="favourites" value="1" defaultChecked={isChecked(filters.favourites)} label={t("filters.favourites")} /> : null}
          </div>
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-4">
            <Button type="submit" icon="check">
              {t("filters.apply")}
            </Button>
            <Link to={action} className="rounded font-semibold text-primary-dark underline underline-offset-2" data-testid="filters-reset">
              {t("filters.reset")}
            </Link>
          </div>
        </Form>
      </details>
    </section>
  );
}
