/** The rating star (spec section 9), shared by the sprite file (icon-paths.tsx) and the star input (rating.tsx). */
export const STAR_PATH = "M12 2.6l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9z";
/** A darker edge so the star shape keeps 3:1 contrast on white (WCAG 1.4.11). */
export const RATING_EDGE = "#8A5C00";
/** A star takes 24 units and 2 of gap. */
export const RATING_STEP = 26;
/** The sprite draws a whole row of this many stars ("rating-row-5"): the usual rating is one <use>. */
export const RATING_ROW = 5;
