import { Link } from "react-router-dom";
import "./Logo.css";

/** The Pathwise mark (same drawing as public/favicon.svg). Decorative: always next to the name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M8 23c3.5 0 4.5-3.5 8-3.5s4.5-7 8-7" fill="none" stroke="#fff" strokeWidth="2.75" strokeLinecap="round" />
      <circle cx="8" cy="23" r="2.25" fill="#fff" />
      <circle cx="24" cy="12.5" r="3" fill="var(--color-highlight)" />
    </svg>
  );
}

/** The logo and name linking home, for the quiet frames (funnel, payment pages) that have no site header. */
export function BrandLink() {
  return (
    <Link to="/" className="brand-link" aria-label="Pathwise home">
      <LogoMark size={28} />
      <span>Pathwise</span>
    </Link>
  );
}
