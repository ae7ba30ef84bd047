import type { SVGProps } from "react";
import type { PATHS } from "./icon-paths";
import spriteHref from "./icons.svg?no-inline";

/**
 * A small SVG icon set (24 x 24 grid, stroke 2, round caps) drawn for this project (icon-paths.tsx). Each icon is a
 * <use> of one symbol of a cacheable sprite file, so a page repeats a short reference, not the drawing, and shows its
 * icons without JavaScript. Icons are decorative by default (aria-hidden); pass `label` when the icon alone carries
 * meaning.
 */
export type IconName = keyof typeof PATHS;

/** The address of a symbol of the sprite (icons, "bookmark", "hero", "rating-row-5"). */
export function spriteRef(id: string): string {
  return `${spriteHref}#${id}`;
}

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & {
  name: IconName;
  /** Pixel size, 20 or 24 (the spec's default), drawn by a class of app.css: `.icon-lg` (24) or `.icon` (20). */
  size?: 20 | 24;
  /** Accessible name; without it the icon is hidden from assistive technology. */
  label?: string;
};

/** One class gives the size and keeps the icon from shrinking in a flex row (no width, height or class attributes per icon). */
const ICON_CLASS = { 20: "icon", 24: "icon-lg" } as const;

export function Icon({ name, size = 24, label, className, ...rest }: IconProps) {
  return (
    <svg
      className={className ? `${ICON_CLASS[size]} ${className}` : ICON_CLASS[size]}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      {...rest}
    >
      <use href={spriteRef(name)} />
    </svg>
  );
}
