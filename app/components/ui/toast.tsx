import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/react";
import { cx } from "./cx";
import { Icon, type IconName } from "./icon";
import {
  dismissToast,
  getServerToasts,
  getToasts,
  isToastDismissed,
  normaliseToast,
  showToast,
  subscribeToasts,
  TOAST_POSITIONS,
  type ToastInput,
  type ToastItem,
  type ToastPosition,
  type ToastType,
} from "./toast-store";

export { showToast, dismissToast };

const POSITION_CLASSES: Record<ToastPosition, string> = {
  "top-right": "top-4 right-4 items-end",
  top: "top-4 left-1/2 -translate-x-1/2 items-center",
  "top-left": "top-4 left-4 items-start",
  "bottom-right": "bottom-4 right-4 items-end",
  bottom: "bottom-4 left-1/2 -translate-x-1/2 items-center",
  "bottom-left": "bottom-4 left-4 items-start",
};

const TYPE_STYLES: Record<ToastType, { icon: IconName; accent: string }> = {
  success: { icon: "success", accent: "border-green-700 text-green-800" },
  error: { icon: "error", accent: "border-red-700 text-red-800" },
  info: { icon: "info", accent: "border-sky-700 text-sky-800" },
  warning: { icon: "warning", accent: "border-amber-600 text-amber-800" },
  default: { icon: "info", accent: "border-slate-600 text-slate-700" },
};

/**
 * Renders toasts in their six corners. The flash toast comes from the root loader and is rendered
 * on the server, so it shows without JavaScript: each toast is an open, non-modal <dialog> whose close
 * button is a `method="dialog"` form (closes without JavaScript), and a CSS animation hides it after its
 * duration, paused while hovered or focused. With JavaScript the same animation's end removes it.
 */
export function Toaster({ flash }: { flash?: ToastInput | null }) {
  const clientToasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const flashItem = flash ? normaliseToast(flash) : null;

  useEffect(() => {
    if (flash) showToast(flash);
    // A new flash toast arrives with a new id after each action.
  }, [flash?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const list: ToastItem[] = [...clientToasts];
  if (flashItem && !list.some((t) => t.id === flashItem.id) && !isToastDismissed(flashItem.id)) list.unshift(flashItem);

  return (
    <>
      {TOAST_POSITIONS.map((position) => {
        const here = list.filter((t) => t.position === position);
        if (!here.length) return null;
        return (
          <div key={position} className={cx("toast-region fixed z-[90] flex flex-col gap-2", POSITION_CLASSES[position])} data-position={position}>
            {here.map((toast) => (
              <ToastView key={toast.id} toast={toast} />
            ))}
          </div>
        );
      })}
    </>
  );
}

function ToastView({ toast }: { toast: ToastItem }) {
  const { t } = useTranslation("common");
  const style = TYPE_STYLES[toast.type];
  return (
    <dialog
      open
      aria-label={t(`toast.types.${toast.type}`)}
      className={cx("toast", style.accent)}
      data-toast-type={toast.type}
      style={{ animationDuration: `${toast.duration}ms` }}
      onAnimationEnd={(event) => {
        if (event.animationName === "toast-life") dismissToast(toast.id);
      }}
      onClose={() => dismissToast(toast.id)}
    >
      <Icon name={style.icon} size={24} className="mt-0.5" />
      <p role={toast.type === "error" ? "alert" : "status"} className="flex-1 text-slate-900">
        {toast.message}
      </p>
      <form method="dialog">
        <button type="submit" className="-m-1 rounded p-1 text-slate-700 hover:bg-slate-100">
          <Icon name="close" size={20} />
          <span className="sr-only">{t("toast.close")}</span>
        </button>
      </form>
    </dialog>
  );
}
