// What the training editor's first view (app/routes/admin/catalog-training.tsx) and its later sections
// (training-editor-content.tsx, loaded lazily) share.
import type { FormViewOf } from "~/components/admin/intent-form";

/** A titled section of the editor, labelled by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a field of an edit form shows: what was typed when the server sent the form back, else the stored value. */
export function shown(view: FormViewOf, name: string, stored: string | number | null | undefined): string {
  return view.submitted ? (view.value(name) ?? "") : stored === null || stored === undefined ? "" : String(stored);
}
