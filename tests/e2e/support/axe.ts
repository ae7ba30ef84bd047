import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe's serious and critical findings on the page (WCAG 2.2 AA and best practices), empty when there are none. */
export async function seriousViolations(page: Page) {
  // A toast lives by a CSS animation (fade in, stay, fade out): while it fades it is see-through, and axe, which takes
  // a second or more, would measure that contrast. Each toast is held in its shown state while axe runs (through
  // the CSSOM, which the page's CSP allows), then given back its animation.
  const held = await page.evaluate(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>(".toast")];
    for (const toast of toasts) {
      toast.style.setProperty("animation", "none", "important");
      toast.style.setProperty("opacity", "1", "important");
      toast.style.setProperty("visibility", "visible", "important");
      toast.style.setProperty("transform", "none", "important");
    }
    return toasts.length;
  });
  // Legacy mode runs axe in the page itself. The default runs it in each frame, then opens a blank page to merge
  // the results: for our pages, whose only frame is a video embed from another origin that axe cannot read either
  // way, it finds the same (measured 2026-11-30 on the home, catalogue, login and shop pages) in twice the time.
  // resultTypes: every rule still runs and every violation is listed with all its nodes; the passing, inapplicable and
  // incomplete results, which no test reads, keep one node each instead of all (axe's advice for large pages): 12 to
  // 18 % less of the browser's CPU a run (0.77 to 0.68 s on the catalogue, 2 cores, 2026-12-03). `options` first: it
  // replaces the options object, and would drop the tags set before it.
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(TAGS)
    .setLegacyMode(true)
    .analyze();
  if (held > 0) {
    await page.evaluate(() => {
      for (const toast of document.querySelectorAll<HTMLElement>(".toast")) {
        for (const property of ["animation", "opacity", "visibility", "transform"]) toast.style.removeProperty(property);
      }
    });
  }
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}

/** The same, in the JavaScript project only (for journeys whose pages the no-JS project already renders alike). */
export async function seriousViolationsWithJs(page: Page) {
  return test.info().project.name === "no-js" ? [] : seriousViolations(page);
}
