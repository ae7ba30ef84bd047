import type { Request } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { at, cookieNamed, DAYS, secondsLeft } from "./support/hosts";

/** The first request of a redirect chain. */
function chainStart(request: Request): Request {
  let current = request;
  while (current.redirectedFrom()) current = current.redirectedFrom()!;
  return current;
}

test("?provider=1 on the Spanish host turns the campus on, remembers it and removes the flag", { tag: "@no-js" }, async ({ page, context }) => {
  const response = await page.goto(at("es.localhost", "/?provider=1&utm_source=mail"));
  const first = chainStart(response!.request());
  expect(first.url()).toBe(at("es.localhost", "/?provider=1&utm_source=mail"));
  const redirect = await first.response();
  expect(redirect!.status()).toBe(302);
  // The flags go, the rest of the query stays.
  expect(redirect!.headers()["location"]).toBe("/?utm_source=mail");
  expect(page.url()).not.toMatch(/provider=|groupement=|farline=/);

  // The campus brand is shown (its pages need a login: guests land on the login page).
  await expect(page.getByTestId("brand-title")).toHaveText("Campus Botica");
  await expect(page.locator("html")).toHaveAttribute("data-brand", "es-campus");
  await expect(page.getByTestId("brand-logo")).toHaveAttribute("src", "/brands/es-campus/logo.svg");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/brands/es-campus/favicon.svg");
  await expect(page).toHaveTitle(/ \| Campus Botica$/);

  const cookie = await cookieNamed(context, at("es.localhost"), "campus");
  expect(cookie?.value).toBe("1");
  expect(secondsLeft(cookie!.expires)).toBeGreaterThan(364 * DAYS);
  expect(secondsLeft(cookie!.expires)).toBeLessThanOrEqual(365 * DAYS + 60);

  // Remembered on the next visit, without any flag.
  await page.goto(at("es.localhost", "/"));
  await expect(page.getByTestId("brand-title")).toHaveText("Campus Botica");

  // A flag with a false value turns it off again.
  await page.goto(at("es.localhost", "/?groupement=0"));
  await expect(page).toHaveURL(at("es.localhost", "/"));
  await expect(page.getByTestId("brand-title")).toHaveText("AulaFarma");
  await expect(page.getByTestId("home-hero")).toBeVisible();
});

test("the campus flags do nothing on the French host", { tag: "@no-js" }, async ({ page, context }) => {
  const response = await page.goto(at("localhost", "/?farline=1"));
  expect(response!.request().redirectedFrom()).toBeNull();
  await expect(page).toHaveURL(at("localhost", "/?farline=1"));
  await expect(page.getByTestId("brand-title")).toHaveText("Officine Académie");
  expect(await cookieNamed(context, at("localhost"), "campus")).toBeUndefined();
});
