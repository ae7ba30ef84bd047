/** The worker's file, served as is from public/ (same origin: the CSP's script-src 'self' lets it run). */
export const INTL_WARM_UP_PATH = "/intl-warm-up.js";

const START_WORKER = `try{new Worker(${JSON.stringify(INTL_WARM_UP_PATH)},{name:document.documentElement.lang})}catch(e){}`;

/**
 * Starts public/intl-warm-up.js as soon as the browser reads the page's <head> (ADR 0098): the worker builds the
 * page locale's Intl formatters on another thread while the scripts download, so hydration finds the browser's
 * formatting data loaded instead of loading it in one long task. An async module script runs at once, without
 * waiting for the stylesheet or the end of the HTML; nothing depends on it.
 */
export function IntlWarmUp({ nonce }: { nonce: string | undefined }) {
  return <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: START_WORKER }} />;
}
