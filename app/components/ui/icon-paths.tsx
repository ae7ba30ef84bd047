import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RATING_EDGE, RATING_ROW, RATING_STEP, STAR_PATH } from "./star.ts";

/**
 * The drawings of the icon set (24 x 24 grid, stroke 2, round caps), drawn for this project. They are not rendered
 * in pages: they make the one sprite file `icons.svg` (scripts/icon-sprite.ts writes it; a unit test checks it is
 * up to date), which every icon, the bookmark toggle and the rating stars reference with <use>. Keep this module out
 * of the components (type imports only), so the drawings do not travel in the JavaScript bundle.
 */
export const PATHS = {
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </>
  ),
  cart: (
    <>
      <path d="M3 4h2l2.4 11h10.8L21 8H7" />
      <circle cx="9" cy="19.5" r="1.5" />
      <circle cx="17" cy="19.5" r="1.5" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
      <path d="M10 21h4" />
    </>
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  "chevron-down": <path d="m6 9 6 6 6-6" />,
  "chevron-up": <path d="m6 15 6-6 6 6" />,
  "chevron-left": <path d="m15 6-6 6 6 6" />,
  "chevron-right": <path d="m9 6 6 6-6 6" />,
  "arrow-right": <path d="M4 12h16m-6-6 6 6-6 6" />,
  "arrow-left": <path d="M20 12H4m6-6-6 6 6 6" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3 2 20h20z" />
      <path d="M12 10v4.5M12 17.5v.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" />
    </>
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.7L16 10" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  cookie: (
    <>
      <path d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 3.5 3.5 3 3 0 0 0 3.5 3.5 3 3 0 0 0 2.5 2.5z" />
      <path d="M8.5 9.5v.01M8 14.5v.01M12.5 12.5v.01M15.5 16v.01M11 17.5v.01" />
    </>
  ),
  external: (
    <>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </>
  ),
  star: <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
  home: (
    <>
      <path d="M3 11 12 4l9 7" />
      <path d="M5 10v10h14V10" />
    </>
  ),
  book: (
    <>
      <path d="M4 5a2 2 0 0 1 2-2h14v15H6a2 2 0 0 0-2 2z" />
      <path d="M4 20a2 2 0 0 0 2 2h14v-4" />
    </>
  ),
  logout: (
    <>
      <path d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4" />
      <path d="M10 16l-4-4 4-4M6 12h10" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
    </>
  ),
  facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />,
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5v.01" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  x: <path d="M4 4l16 16M20 4 4 20" />,
} as const;

export const ICON_NAMES = Object.keys(PATHS) as (keyof typeof PATHS)[];

const BOOKMARK_PATH = "M6 3h12a1 1 0 0 1 1 1v17l-7-4.5L5 21V4a1 1 0 0 1 1-1z";

/** The home hero's drawing (home/hero-illustration.tsx), in the brand's colours (CSS variables the page sets). */
const HERO = (
  <>
    <rect x="20" y="30" width="320" height="220" rx="24" fill="var(--color-primary)" opacity="0.1" />
    <rect x="60" y="70" width="170" height="120" rx="10" fill="#fff" stroke="var(--color-primary-dark)" strokeWidth="4" />
    <rect x="60" y="70" width="170" height="22" rx="10" fill="var(--color-primary)" />
    <path d="M120 120l40 22-40 22z" fill="var(--color-primary)" />
    <path d="M130 190v22M100 212h60" stroke="var(--color-primary-dark)" strokeWidth="4" strokeLinecap="round" />
    <circle cx="270" cy="110" r="38" fill="#fff" stroke="var(--color-primary-dark)" strokeWidth="4" />
    <path d="M270 90v40M250 110h40" stroke="var(--color-primary)" strokeWidth="10" strokeLinecap="round" />
    <rect x="238" y="170" width="70" height="52" rx="8" fill="#fff" stroke="var(--color-primary-dark)" strokeWidth="4" />
    <path d="m252 196 12 12 24-24" fill="none" stroke="#0B7A5C" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    <circle cx="70" cy="236" r="8" fill="#FFB400" />
    <circle cx="320" cy="52" r="10" fill="#FFB400" />
  </>
);

const stroked = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;
const symbol = (id: string, viewBox: string, props: Record<string, unknown>, children: ReactNode) =>
  createElement("symbol", { key: id, id, viewBox, ...props }, children);

/** The sprite file's text: one <symbol> per icon, the bookmark (its fill is the page's) and the rating stars. */
export function iconSpriteMarkup(): string {
  const star = (x: number) =>
    createElement("path", {
      key: x,
      d: STAR_PATH,
      transform: x ? `translate(${x})` : undefined,
      stroke: RATING_EDGE,
      strokeWidth: 1.5,
      strokeLinejoin: "round",
    });
  const sprite = createElement(
    "svg",
    { xmlns: "http://www.w3.org/2000/svg" },
    ...ICON_NAMES.map((name) => symbol(name, "0 0 24 24", stroked, PATHS[name])),
    symbol("bookmark", "0 0 24 24", { stroke: "currentColor", strokeWidth: 2, strokeLinejoin: "round" }, createElement("path", { d: BOOKMARK_PATH })),
    symbol("hero", "0 0 360 280", {}, HERO),
    symbol(
      `rating-row-${RATING_ROW}`,
      `0 0 ${RATING_STEP * RATING_ROW - 2} 24`,
      {},
      Array.from({ length: RATING_ROW }, (_, i) => star(i * RATING_STEP)),
    ),
  );
  return `${renderToStaticMarkup(sprite)}\n`;
}
