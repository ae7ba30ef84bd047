import { expect } from "vitest";
import { decodeHtml } from "./page-request.ts";

/** Reading a page's forms as a browser without JavaScript sends them. */

const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeHtml(match[1]) : undefined;
};

/** The markup of the form that holds the element `data-testid="{testId}"` (or is it). */
export function formMarkup(html: string, testId: string): string {
  const at = html.indexOf(`data-testid="${testId}"`);
  expect(at, `form ${testId}`).toBeGreaterThan(-1);
  const start = html.lastIndexOf("<form", at);
  return html.slice(start, html.indexOf("</form>", at) + 7);
}

/**
 * What the browser sends for a form: its inputs (checked boxes only), the selected option of each select (nothing
 * when it is disabled, as a placeholder is), textareas.
 */
export function formFields(form: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const match of form.matchAll(/<input\b[^>]*>/g)) {
    const tag = match[0];
    const name = attr(tag, "name");
    const type = attr(tag, "type") ?? "text";
    if (!name || type === "submit" || type === "button" || type === "file") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(tag)) continue;
    fields.push([name, attr(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
  }
  for (const match of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attr(match[1], "name");
    if (!name) continue;
    const options = [...match[2].matchAll(/<option\b([^>]*)>/g)].map((o) => o[1]);
    const disabled = (o: string) => /\sdisabled=""/.test(o);
    // The selected option, else the first one that is not disabled; a disabled choice (a placeholder) sends nothing.
    const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options.find((o) => !disabled(o));
    if (!chosen || disabled(chosen)) continue;
    fields.push([name, attr(chosen, "value") ?? ""]);
  }
  for (const match of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attr(match[1], "name");
    if (name) fields.push([name, decodeHtml(match[2])]);
  }
  return fields;
}

/** A field of a rendered form: its value, whether it is marked invalid, and its message. */
export function formField(form: string, name: string): { value: string | undefined; invalid: boolean; message: string | undefined } {
  const input = new RegExp(`<(input|textarea)\\b[^>]*\\sname="${name}"[^>]*>`).exec(form);
  expect(input, `field ${name}`).not.toBeNull();
  const tag = input![0];
  const id = attr(tag, "id");
  const message = id ? new RegExp(`<p id="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-error"[^>]*>([^<]*)</p>`).exec(form)?.[1] : undefined;
  const value =
    input![1] === "textarea"
      ? decodeHtml(new RegExp(`${tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([\\s\\S]*?)</textarea>`).exec(form)?.[1] ?? "")
      : attr(tag, "value");
  return { value, invalid: /\saria-invalid="true"/.test(tag), message: message ? decodeHtml(message) : undefined };
}

/** The form of `testId` on the page, as the browser would send it, with some fields changed (a list repeats a name). */
export function filledForm(html: string, testId: string, changes: Record<string, string | string[]>, intent: string | null = null): string {
  const fields = formFields(formMarkup(html, testId)).filter(([name]) => !(name in changes));
  for (const [name, value] of Object.entries(changes)) for (const one of Array.isArray(value) ? value : [value]) fields.push([name, one]);
  if (intent) fields.push(["intent", intent]);
  return new URLSearchParams(fields).toString();
}
