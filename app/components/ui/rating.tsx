import { numberFormat } from "#core/domain/intl-cache.ts";
import { Fragment, useId } from "react";
import { useTranslation } from "~/i18n/react";
import { cx } from "./cx";

/** Spec section 9: length 5, optional half steps, colour #FFB400. */
export const RATING_LENGTH = 5;
export const RATING_COLOUR = "#FFB400";
/** A darker edge so the star shape keeps 3:1 contrast on white (WCAG 1.4.11). */
const RATING_EDGE = "#8A5C00";
const STAR_PATH = "M12 2.6l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9z";

/** The value shown: rounded to the nearest half (or whole) star and kept within 0..length. */
export function roundRating(value: number, halfSteps: boolean, length = RATING_LENGTH): number {
  if (!Number.isFinite(value)) return 0;
  const step = halfSteps ? 2 : 1;
  return Math.min(length, Math.max(0, Math.round(value * step) / step));
}

function useRatingText() {
  const { t, i18n } = useTranslation("common");
  const format = numberFormat(i18n.language || "fr-FR", { maximumFractionDigits: 1 });
  return (value: number, length: number) => t("rating.label", { value: format.format(value), max: length });
}

export type RatingProps = {
  value: number;
  halfSteps?: boolean;
  length?: number;
  size?: number;
  /** Overrides the accessible text ("4,5 sur 5"). */
  label?: string;
  /** Shows the number next to the stars (the count of reviews, for instance). */
  showValue?: boolean;
  count?: number;
  className?: string;
};

/**
 * Read-only stars with one accessible text for the whole group. One small SVG: the star is
 * defined once and reused, the gold layer is clipped to the rating (keeps pages light).
 */
export function Rating({ value, halfSteps = true, length = RATING_LENGTH, size = 20, label, showValue = false, count, className }: RatingProps) {
  const { t, i18n } = useTranslation("common");
  const text = useRatingText();
  // SVG references (href, url(#...)) want plain ids.
  const id = `rating${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const shown = roundRating(value, halfSteps, length);
  const format = numberFormat(i18n.language || "fr-FR", { maximumFractionDigits: 1 });
  const step = 26; // 24 for the star, 2 of gap
  const width = step * length - 2;
  const stars = Array.from({ length }, (_, i) => i * step);
  return (
    <span className={cx("inline-flex items-center gap-1.5", className)}>
      <svg role="img" aria-label={label ?? text(shown, length)} data-rating={shown} viewBox={`0 0 ${width} 24`} width={(size * width) / 24} height={size}>
        <defs>
          <path id={`${id}s`} d={STAR_PATH} stroke={RATING_EDGE} strokeWidth="1.5" strokeLinejoin="round" />
          <clipPath id={`${id}c`}>
            <rect width={stars.filter((_, i) => shown >= i + 1).length * step + (shown % 1 ? 12 : 0)} height="24" />
          </clipPath>
        </defs>
        <g fill="#fff">
          {stars.map((x) => (
            <use key={x} href={`#${id}s`} x={x} />
          ))}
        </g>
        <g fill={RATING_COLOUR} clipPath={`url(#${id}c)`}>
          {stars.map((x) => (
            <use key={x} href={`#${id}s`} x={x} />
          ))}
        </g>
      </svg>
      {showValue ? (
        <span className="text-sm text-slate-700" aria-hidden="true">
          {format.format(shown)}
        </span>
      ) : null}
      {count !== undefined ? <span className="text-sm text-slate-700">({t("rating.count", { count })})</span> : null}
    </span>
  );
}

export type RatingInputProps = {
  name: string;
  legend: string;
  defaultValue?: number;
  halfSteps?: boolean;
  length?: number;
  size?: number;
  required?: boolean;
};

/**
 * A star input made of radio buttons: a real form field that works without JavaScript. The stars are
 * laid out in reverse order so CSS can fill every star up to the checked or hovered one (app.css).
 */
export function RatingInput({ name, legend, defaultValue, halfSteps = false, length = RATING_LENGTH, size = 32, required }: RatingInputProps) {
  const baseId = useId();
  const text = useRatingText();
  const step = halfSteps ? 0.5 : 1;
  const values: number[] = [];
  for (let v = length; v >= step; v -= step) values.push(Math.round(v * 2) / 2);
  const initial = defaultValue === undefined ? undefined : roundRating(defaultValue, halfSteps, length);
  return (
    <fieldset className="rating-input">
      <legend className="mb-1 font-semibold">{legend}</legend>
      <div className="rating-input__stars" style={{ width: size * length }}>
        {values.map((v) => {
          const id = `${baseId}-${String(v).replace(".", "-")}`;
          const half = halfSteps && v % 1 !== 0;
          const isRightHalf = halfSteps && v % 1 === 0;
          return (
            <Fragment key={v}>
              <input type="radio" id={id} name={name} value={v} defaultChecked={initial === v} required={required} className="sr-only" />
              <label htmlFor={id} className="rating-input__star" style={{ width: halfSteps ? size / 2 : size, height: size }}>
                <span className="sr-only">{text(v, length)}</span>
                <svg
                  viewBox={half ? "0 0 12 24" : isRightHalf ? "12 0 12 24" : "0 0 24 24"}
                  width={halfSteps ? size / 2 : size}
                  height={size}
                  aria-hidden="true"
                  focusable="false"
                  preserveAspectRatio="none"
                >
                  <path d={STAR_PATH} stroke={RATING_EDGE} strokeWidth="1.5" strokeLinejoin="round" />
                </svg>
              </label>
            </Fragment>
          );
        })}
      </div>
    </fieldset>
  );
}
