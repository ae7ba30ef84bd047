import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe's serious and critical findings on the page (WCAG 2.2 AA and best practices), empty when there are none. */
export async function seriousViolations(page: Page) {
  // A toast fading in or out is see-through for a moment (its CSS life animation): axe would measure that contrast.
  // Wait, briefly, until every toast is either fully shown or gone.
  for (let attempt = 0; attempt < 20; attempt++) {
    const settled = await page.evaluate(() =>
      [...document.querySelectorAll(".toast")].every((toast) => {
        const style = getComputedStyle(toast);
        return style.display === "none" || style.visibility === "hidden" || style.opacity === "1";
      }),
    );
    if (settled) break;
    await page.waitForTimeout(100);
  }
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
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
