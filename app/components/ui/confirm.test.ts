import { createElement as h, type ReactElement } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import common from "../../../locales/fr-FR/common.json";
import { I18nProvider } from "~/i18n/react";
import { createI18n } from "~/i18n/instance";
import { ConfirmLink, ConfirmPanel } from "./confirm";

const i18n = createI18n("fr-FR", { "fr-FR": { common } });

/**
 * Server-renders an element at `url` inside i18n and a memory router, as the page without JavaScript gets it: all of
 * it, as the server does (the panel's code is loaded on demand, ./confirm-panel).
 */
async function render(element: ReactElement, url = "/admin/list?q=abc&page=2"): Promise<string> {
  const router = createMemoryRouter([{ path: "/admin/list", element }], { initialEntries: [url] });
  const { prelude } = await prerenderToNodeStream(
    h(AuthenticityTokenProvider, { token: "test-token", children: h(I18nProvider, { i18n }, h(RouterProvider, { router })) }),
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe("ConfirmLink", () => {
  it("opens the step on this page, keeping the list's query and landing on the panel", async () => {
    const html = await render(h(ConfirmLink, { confirmKey: "12", testId: "delete-12", children: "Supprimer" }));
    expect(html).toContain('href="/admin/list?q=abc&amp;page=2&amp;confirm=12#confirm-12"');
    expect(html).toContain('data-testid="delete-12"');
    expect(html).toContain("focus-visible:outline");
  });

  it("goes where the page names its step when told", async () => {
    const html = await render(
      h(ConfirmLink, { confirmKey: "unsubscribe", to: "/formation/x?unsubscribe=confirm#confirm-unsubscribe", look: "danger", children: "Se désinscrire" }),
    );
    expect(html).toContain('href="/formation/x?unsubscribe=confirm#confirm-unsubscribe"');
  });
});

describe("ConfirmPanel", () => {
  it("is a labelled alert dialog with the real form: CSRF, confirm=on, hidden fields, the intent on its focused button, Cancel back", async () => {
    const html = await render(
      h(
        ConfirmPanel,
        { confirmKey: "12", title: "Supprimer le cours ?", intent: "deleteCourse", fields: { courseId: 12 }, submitLabel: "Oui, supprimer" },
        "Trois modules partent avec lui.",
      ),
      "/admin/list?q=abc&confirm=12",
    );
    expect(html).toMatch(/<section id="confirm-12" role="alertdialog" aria-labelledby="confirm-12-title"/);
    expect(html).toContain('<h2 id="confirm-12-title"');
    expect(html).toContain("Trois modules partent avec lui.");
    expect(html).toContain('method="post"');
    expect(html).toContain('name="csrf" value="test-token"');
    expect(html).toContain('name="confirm" value="on"');
    expect(html).toContain('name="courseId" value="12"');
    const button = html.match(/<button[^>]*>/)?.[0] ?? "";
    // The .btn component class carries the focus ring (app.css; ui-kit.test.ts checks it).
    for (const attribute of ['type="submit"', 'name="intent"', 'value="deleteCourse"', "autofocus", 'class="btn ']) expect(button).toContain(attribute);
    expect(html).toContain('href="/admin/list?q=abc"');
    expect(html).toContain(">Annuler</a>");
    expect(html).toContain('data-testid="confirm-panel"');
  });

  it("takes its own heading level, tone, cancel words and test ids; no confirm field for APIs that take none", async () => {
    const html = await render(
      h(ConfirmPanel, {
        confirmKey: "7",
        title: "Réactiver Emma ?",
        intent: "toggle",
        fields: { contactId: 7, isActive: "true" },
        submitLabel: "Réactiver",
        cancelTo: "/pharmacie/equipe",
        cancelLabel: "Non",
        sendsConfirm: false,
        tone: "caution",
        level: 3,
        testId: "confirm-toggle",
        submitTestId: "toggle-yes",
        cancelTestId: "toggle-no",
      }),
    );
    expect(html).toContain('<h3 id="confirm-7-title"');
    expect(html).not.toContain('name="confirm"');
    expect(html).toContain("border-amber-600");
    expect(html).toContain('data-testid="confirm-toggle"');
    expect(html).toContain('data-testid="toggle-yes"');
    const cancel = html.match(/<a [^>]*>Non</)?.[0] ?? "";
    expect(cancel).toContain('href="/pharmacie/equipe"');
    expect(cancel).toContain('data-testid="toggle-no"');
  });
});
