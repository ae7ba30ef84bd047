import { numberFormat } from "#core/domain/intl-cache.ts";
import { Fragment, useId } from "react";
import { spriteRef } from "./icon";
import { RATING_EDGE, RATING_ROW, RATING_STEP, STAR_PATH } from "./star";
import { useTranslation } from "~/i18n/react";
import { cx } from "./cx";

/** Spec section 9: length 5, optional half steps, colour #FFB400. */
export const RATING_LENGTH = 5;
export const RATING_COLOUR = "#FFB400";

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
  size?: number;
  /** Overrides the accessible text ("4,5 sur 5"). */
  label?: string;
  /** Shows the number next to the stars (the count of reviews, for instance). */
  showValue?: boolean;
  count?: number;
  className?: string;
};

/**
 * Five stars: the sprite file's row twice, white, then gold in a nested <svg> as wide as the rating (an
 * inner viewport clips what passes it). Size and colours come from app.css (`.stars`, `.stars-lg`), so a card or a
 * review carries nothing but two references and its width.
 */
function StarRow({ shown, large, label }: { shown: number; large?: boolean; label: string }) {
  const row = spriteRef(`rating-row-${RATING_ROW}`);
  const width = RATING_STEP * RATING_ROW - 2;
  const filled = Math.floor(shown) * RATING_STEP + (shown % 1 ? 12 : 0);
  return (
    <svg role="img" aria-label={label} className={large ? "stars stars-lg" : "stars"} viewBox={`0 0 ${width} 24`}>
      <use href={row} />
      {filled ? (
        <svg width={filled}>
          <use href={row} width={width} />
        </svg>
      ) : null}
    </svg>
  );
}

/**
 * Read-only stars with one accessible text for the whole group, and no drawing or id of their own: a page of cards
 * repeats nothing but references to the sprite. `size` is the stars' height in pixels: 20 (the default) or 18.
 */
export function Rating({ value, halfSteps = true, size = 20, label, showValue = false, count, className }: RatingProps) {
  const { t, i18n } = useTranslation("common");
  const text = useRatingText();
  const shown = roundRating(value, halfSteps);
  const format = numberFormat(i18n.language || "fr-FR", { maximumFractionDigits: 1 });
  return (
    <span className={cx("rating", className)}>
      <StarRow shown={shown} large={size > 18} label={label ?? text(shown, RATING_LENGTH)} />
      {showValue ? (
        <span className="rating-note" aria-hidden="true">
          {format.format(shown)}
        </span>
      ) : null}
      {count !== undefined ? <span className="rating-note">{`(${t("rating.count", { count })})`}</span> : null}
    </span>
  );
}

/** A review's stars (the course page lists many): whole stars, as `Rating` draws them, without the count. */
export function ReviewStars({ value }: { value: number }) {
  const text = useRatingText();
  const shown = roundRating(value, false);
  return <StarRow shown={shown} label={text(shown, RATING_ROW)} />;
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
