/** A decorative drawing for the home hero, in the brand's colours (inline, so it follows --color-primary). */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 360 280" className={className} aria-hidden="true" focusable="false">
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
    </svg>
  );
}
