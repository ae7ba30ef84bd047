import { expect, test } from "@playwright/test";
import { at, cookieNamed, DAYS, secondsLeft } from "./support/hosts";

test("?provider=1 on the Spanish host turns the campus on, remembers it and removes the flag", { tag: "@no-js" }, async ({ page, context }) => {
  const response = await page.goto(at("es.localhost", "/?provider=1&utm_source=mail"));
  const first = response!.request().redirectedFrom();
  expect(first, "the flags are removed by a redirect").not.toBeNull();
  const redirect = await first!.response();
  expect(redirect!.status()).toBe(302);
  expect(redirect!.headers()["location"]).toBe("/?utm_source=mail");
  await expect(page).toHaveURL(at("es.localhost", "/?utm_source=mail"));

  await expect(page.getByTestId("brand-title")).toHaveText("Campus Botica");
  await expect(page.locator("html")).toHaveAttribute("data-brand", "es-campus");
  await expect(page.getByTestId("brand-logo")).toHaveAttribute("src", "/brands/es-campus/logo.svg");
  await expect(page).toHaveTitle(/ \| Campus Botica$/);

  const cookie = await cookieNamed(context, at("es.localhost"), "campus");
  expect(cookie?.value).toBe("1");
  expect(secondsLeft(cookie!.expires)).toBeGreaterThan(364 * DAYS);

  // Remembered on the next visit, without the flag.
  await page.goto(at("es.localhost", "/"));
  await expect(page.getByTestId("brand-title")).toHaveText("Campus Botica");

  // Another flag with a false value turns it off again.
  await page.goto(at("es.localhost", "/?groupement=0"));
  await expect(page).toHaveURL(at("es.localhost", "/"));
  await expect(page.getByTestId("brand-title")).toHaveText("AulaFarma");
});

test("the campus flags do nothing on the French host", { tag: "@no-js" }, async ({ page, context }) => {
  const response = await page.goto(at("localhost", "/?farline=1"));
  expect(response!.request().redirectedFrom()).toBeNull();
  await expect(page).toHaveURL(at("localhost", "/?farline=1"));
  await expect(page.getByTestId("brand-title")).toHaveText("Officine Académie");
  expect(await cookieNamed(context, at("localhost"), "campus")).toBeUndefined();
});
