import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { cx } from "./cx";
import { Icon, type IconName } from "./icon";

export type ButtonSize = "small" | "normal";
export type ButtonVariant = "primary" | "secondary" | "danger";

/** Icon size per button size (spec section 9: 20 or 24). */
export const BUTTON_ICON_SIZE: Record<ButtonSize, 20 | 24> = { small: 20, normal: 24 };

type CommonProps = {
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** Leading icon (or trailing with iconPosition="end"). */
  icon?: IconName;
  iconPosition?: "start" | "end";
  /** Only an icon is shown: `children` becomes its visually hidden accessible name. */
  iconOnly?: boolean;
  fullWidth?: boolean;
  className?: string;
  children: ReactNode;
};

/** Component classes of app.css (.btn and its sizes and variants): one short list per button in the page. */
const SIZES: Record<ButtonSize, { text: string; iconOnly: string }> = {
  small: { text: "btn-sm", iconOnly: "btn-icon-sm" },
  normal: { text: "btn-md", iconOnly: "btn-icon-md" },
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "btn-danger",
};

export function buttonClasses({
  size = "normal",
  variant = "primary",
  iconOnly = false,
  fullWidth = false,
  className,
}: Pick<CommonProps, "size" | "variant" | "iconOnly" | "fullWidth" | "className">): string {
  return cx("btn", iconOnly ? SIZES[size].iconOnly : SIZES[size].text, VARIANTS[variant], fullWidth && "w-full", className);
}

function Content({ size = "normal", icon, iconPosition = "start", iconOnly, children }: CommonProps) {
  const glyph = icon ? <Icon name={icon} size={BUTTON_ICON_SIZE[size]} /> : null;
  if (iconOnly) {
    return (
      <>
        {glyph}
        <span className="sr-only">{children}</span>
      </>
    );
  }
  return (
    <>
      {iconPosition === "start" ? glyph : null}
      <span>{children}</span>
      {iconPosition === "end" ? glyph : null}
    </>
  );
}

export type ButtonProps = CommonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "className"> & {
    /** Shows the button as busy (e.g. while a form submits) and disables it. */
    busy?: boolean;
  };

/** A real <button> (type "button" unless told otherwise, so it never submits by accident). */
export function Button({ size, variant, icon, iconPosition, iconOnly, fullWidth, className, children, busy, type, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      className={buttonClasses({ size, variant, iconOnly, fullWidth, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      <Content size={size} icon={icon} iconPosition={iconPosition} iconOnly={iconOnly}>
        {children}
      </Content>
    </button>
  );
}

export type ButtonLinkProps = CommonProps & Omit<LinkProps, "children" | "className">;

/** A link that looks like a button (in-app navigation through React Router). */
export function ButtonLink({ size, variant, icon, iconPosition, iconOnly, fullWidth, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClasses({ size, variant, iconOnly, fullWidth, className })} {...rest}>
      <Content size={size} icon={icon} iconPosition={iconPosition} iconOnly={iconOnly}>
        {children}
      </Content>
    </Link>
  );
}

export type ButtonAnchorProps = CommonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "children" | "className">;

/** A plain <a> styled as a button: external links, in-page anchors. */
export function ButtonAnchor({ size, variant, icon, iconPosition, iconOnly, fullWidth, className, children, ...rest }: ButtonAnchorProps) {
  return (
    <a className={buttonClasses({ size, variant, iconOnly, fullWidth, className })} {...rest}>
      <Content size={size} icon={icon} iconPosition={iconPosition} iconOnly={iconOnly}>
        {children}
      </Content>
    </a>
  );
}
