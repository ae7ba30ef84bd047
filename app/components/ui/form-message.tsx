import { cx } from "~/components/ui/cx";

/** A form-level message: an alert for errors, a status for successes. Focusable so it can take focus. */
export function FormMessage({ message, tone = "error", id }: { message?: string | null; tone?: "error" | "success"; id?: string }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={-1}
      data-form-message={tone}
      className={cx(
        "rounded-md border-l-4 px-4 py-3 font-semibold",
        tone === "error" ? "border-red-700 bg-red-50 text-red-800" : "border-green-700 bg-green-50 text-green-800",
      )}
    >
      {message}
    </div>
  );
}
