import type { ReactNode } from "react";

/** A padlock, drawn for the eye only: the words beside it say what is locked. */
export function LockIcon() {
  return (
    <svg className="report-lock" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
    </svg>
  );
}

/** The one line a locked part of the report shows instead of its content. */
export function LockedLine({ children = "Unlocked with your report" }: { children?: ReactNode }) {
  return (
    <p className="report-locked__line">
      <LockIcon />
      {children}
    </p>
  );
}
