import type { ReactNode } from "react";

/**
 * A wide table in a region of its own that scrolls sideways on a phone, so the page never does.
 * The region is named by the table's caption and takes keyboard focus, so it can be scrolled with the arrow keys.
 */
export function ScrollTable({ id, caption, children }: { id: string; caption: ReactNode; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="admin-table">
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}
