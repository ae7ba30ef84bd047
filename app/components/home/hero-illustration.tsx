import { spriteRef } from "~/components/ui/icon";

/**
 * A decorative drawing for the home hero, in the brand's colours: the sprite's "hero" symbol (icon-paths.tsx) paints
 * with var(--color-primary) and var(--color-primary-dark), which the page's <html> sets per brand.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 360 280" className={className} aria-hidden="true" focusable="false">
      <use href={spriteRef("hero")} />
    </svg>
  );
}
