import type { ReactNode } from "react";

/** The mark on every preview: what is shown is not live, and nothing done in it is recorded. */
export function PreviewBanner({ children }: { children?: ReactNode }) {
  return (
    <div className="preview-banner" role="note" aria-label="Preview">
      <p className="preview-banner__title">Preview — nothing is recorded</p>
      {children && <p className="preview-banner__text">{children}</p>}
    </div>
  );
}
