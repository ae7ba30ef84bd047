import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { SYSTEM_PATHS } from "#core/page-links.ts";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { cookiePolicyPath } from "~/components/layout/nav-links";
import { Button, ButtonAnchor } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { pathLangOf } from "#core/locales.ts";
import { useRootData } from "~/lib/use-root-data";

export const COOKIE_PANEL_ID = "cookie-preferences";
export const COOKIE_PANEL_ERROR = "Error while opening cookies panel, please contact support";
const CONSENT_ACTION = SYSTEM_PATHS.cookieConsent;

type PanelOpener = () => void;
let panelOpener: PanelOpener | null = null;

/**
 * Opens the cookie preferences panel as a modal dialog. Any failure (the panel missing, the
 * browser refusing showModal) is logged with the support message and reported as false, so the
 * caller can fall back to the plain in-page link.
 */
export function openCookiePanel(): boolean {
  try {
    const dialog = document.getElementById(COOKIE_PANEL_ID);
    if (!(dialog instanceof HTMLDialogElement) || !panelOpener) throw new Error("The cookie panel is not on the page");
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    panelOpener();
    return true;
  } catch {
    console.error(COOKIE_PANEL_ERROR);
    return false;
  }
}

/**
 * "Cookie settings": an in-page link to the panel, which CSS shows as the :target without
 * JavaScript; with JavaScript it opens the panel as a modal dialog.
 */
export function CookieSettingsLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <a
      href={`#${COOKIE_PANEL_ID}`}
      className={className}
      data-testid="cookie-settings-link"
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (openCookiePanel()) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}

function useRedirectTo() {
  const location = useLocation();
  return location.pathname + location.search;
}

/**
 * The consent tool (spec: states "wait" by default, mandatory cookies always on). Until the visitor
 * chooses, a banner sits at the top of the page (in the flow, so it never hides focused content);
 * the preferences panel is always on the page for the footer's "cookie settings" link.
 * Every choice is a plain form posting to /consent-cookies: it works without JavaScript.
 */
export function CookieConsent() {
  const data = useRootData();
  if (!data) return null;
  return (
    <>
      {data.cookieConsent.state === "wait" ? <CookieBanner /> : null}
      <CookiePreferences />
    </>
  );
}

function CookieBanner() {
  const { t } = useTranslation("common");
  const data = useRootData();
  const redirectTo = useRedirectTo();
  const lang = pathLangOf(data?.locale ?? "fr-FR");
  return (
    <section aria-labelledby="cookie-banner-title" className="cookie-banner" data-testid="cookie-banner">
      {/* Compact on phones (title for screen readers only, tighter spacing) so the page still starts in the first screen. */}
      <div className="cookie-banner-bar">
        <div className="flex gap-3">
          <Icon name="cookie" className="cookie-banner-icon" />
          <div>
            <h2 id="cookie-banner-title" className="cookie-banner-title">
              {t("consent.bannerTitle")}
            </h2>
            <p className="cookie-banner-text">
              {t("consent.bannerText")}{" "}
              <Link to={cookiePolicyPath(lang, data?.brand.key ?? "fr")} className="cookie-banner-link">
                {t("consent.learnMore")}
              </Link>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* "contents" on phones: the three buttons share the rows (two lines instead of three). */}
          <Form method="post" action={CONSENT_ACTION} className="cookie-banner-form">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" name="intent" value="reject" variant="secondary" size="small">
              {t("consent.rejectAll")}
            </Button>
            <Button type="submit" name="intent" value="accept-all" size="small">
              {t("consent.acceptAll")}
            </Button>
          </Form>
          <ButtonAnchor
            href={`#${COOKIE_PANEL_ID}`}
            variant="secondary"
            size="small"
            icon="settings"
            onClick={(event) => {
              if (openCookiePanel()) event.preventDefault();
            }}
          >
            {t("consent.customise")}
          </ButtonAnchor>
        </div>
      </div>
    </section>
  );
}

function CookiePreferences() {
  const { t } = useTranslation("common");
  const data = useRootData();
  const redirectTo = useRedirectTo();
  const [open, setOpen] = useState(false);
  // Until hydration, CSS shows the panel as the :target of the in-page link; from then on only `open` does, since
  // closing it cannot always clear the :target (history.replaceState leaves it in place).
  const hydrated = useHydrated();
  const consent = data?.cookieConsent;
  const chosen = consent?.state === "chosen" ? consent : null;

  useEffect(() => {
    panelOpener = () => setOpen(true);
    // Arriving on a page with #cookie-preferences (e.g. a bookmarked link): open it as a modal.
    if (window.location.hash === `#${COOKIE_PANEL_ID}`) openCookiePanel();
    return () => {
      panelOpener = null;
    };
  }, []);

  const close = () => {
    setOpen(false);
    if (window.location.hash === `#${COOKIE_PANEL_ID}`) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
  };

  return (
    <Dialog
      id={COOKIE_PANEL_ID}
      className={hydrated ? undefined : "cookie-preferences-by-target"}
      open={open}
      onClose={close}
      closeHref="#"
      title={t("consent.panelTitle")}
      description={t("consent.panelText")}
    >
      {/* A new key after each choice so the checkboxes show the stored choice again. */}
      <Form
        key={chosen ? `${chosen.analytics}-${chosen.marketing}` : "wait"}
        method="post"
        action={CONSENT_ACTION}
        className="flex flex-col gap-5"
        onSubmit={close}
        data-testid="cookie-preferences-form"
      >
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset className="flex flex-col gap-4">
          <legend className="sr-only">{t("consent.categories")}</legend>
          <Checkbox id="consent-mandatory" label={t("consent.mandatory")} assistiveText={t("consent.mandatoryHelp")} bold checked disabled readOnly />
          <Checkbox
            id="consent-analytics"
            name="analytics"
            label={t("consent.analytics")}
            assistiveText={t("consent.analyticsHelp")}
            bold
            defaultChecked={chosen?.analytics ?? false}
          />
          <Checkbox
            id="consent-marketing"
            name="marketing"
            label={t("consent.marketing")}
            assistiveText={t("consent.marketingHelp")}
            bold
            defaultChecked={chosen?.marketing ?? false}
          />
        </fieldset>
        <div className="dialog-actions">
          <Button type="submit" name="intent" value="reject" variant="secondary" size="small">
            {t("consent.rejectAll")}
          </Button>
          <Button type="submit" name="intent" value="accept-all" variant="secondary" size="small">
            {t("consent.acceptAll")}
          </Button>
          <Button type="submit" name="intent" value="save" size="small">
            {t("consent.save")}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
