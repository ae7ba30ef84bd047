import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { cx } from "./cx";
import { Icon } from "./icon";

export type DialogProps = {
  open: boolean;
  /** Called when the dialog asks to close (Escape, close button, backdrop); not for non-closable dialogs. */
  onClose?: () => void;
  title: ReactNode;
  /** Text under the title, announced with it (aria-describedby). */
  description?: ReactNode;
  /** A dialog the user must answer: no close button, Escape does nothing. */
  closable?: boolean;
  /** Closes on a click on the backdrop (closable dialogs only). */
  closeOnBackdrop?: boolean;
  /**
   * Makes the close control a link to this address (e.g. "#"), so a dialog shown without JavaScript
   * (as the :target of an in-page link) can be closed too.
   */
  closeHref?: string;
  id?: string;
  className?: string;
  children?: ReactNode;
};

/**
 * A native modal <dialog>: showModal() gives the focus trap, the inert page behind it and
 * Escape handling for free. Rendered open on the server, so its content is there without JS.
 */
export function Dialog({ open, onClose, title, description, closable = true, closeOnBackdrop = true, closeHref, id, className, children }: DialogProps) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDialogElement>(null);
  const autoId = useId();
  const titleId = `${id ?? autoId}-title`;
  const descriptionId = description ? `${id ?? autoId}-description` : undefined;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !(dialog.open && dialog.matches(":modal"))) {
      // Server-rendered as a plain open dialog: reopen it as a modal one.
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- onClick closes on a backdrop click; the keyboard's way out is Escape (onCancel)
    <dialog
      ref={ref}
      id={id}
      open={open ? true : undefined}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={cx("dialog", className)}
      onCancel={(event) => {
        // Escape on a dialog the user must answer does nothing.
        if (!closable) event.preventDefault();
      }}
      onClose={(event) => {
        // Closed by the browser (Escape, a method="dialog" form) while the owner still wants it open.
        if (!open) return;
        if (closable) onClose?.();
        else event.currentTarget.showModal();
      }}
      onClick={(event) => {
        if (closable && closeOnBackdrop && event.target === event.currentTarget) onClose?.();
      }}
    >
      <div className="dialog-body">
        <div className="dialog-head">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {closable && closeHref !== undefined ? (
            <a
              href={closeHref}
              onClick={(event) => {
                event.preventDefault();
                onClose?.();
              }}
              className="dialog-close"
              data-testid="dialog-close"
            >
              <Icon name="close" size={24} />
              <span className="sr-only">{t("actions.close")}</span>
            </a>
          ) : closable ? (
            <button type="button" onClick={() => onClose?.()} className="dialog-close" data-testid="dialog-close">
              <Icon name="close" size={24} />
              <span className="sr-only">{t("actions.close")}</span>
            </button>
          ) : null}
        </div>
        {description ? (
          <div id={descriptionId} className="text-slate-700">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
