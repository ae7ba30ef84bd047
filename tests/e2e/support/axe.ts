import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe's serious and critical findings on the page (WCAG 2.2 AA and best practices), empty when there are none. */
export async function seriousViolations(page: Page) {
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
