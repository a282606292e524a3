import type { ReactNode } from "react";

/** One panel of the account's home: a heading, then its content or a quiet loading line. */
export function DashboardCard({ id, title, loading, children }: { id: string; title: string; loading: boolean; children: ReactNode }) {
  return (
    <section className="dashboard-card" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <h2 id={`${id}-title`} className="dashboard-card__title">
        {title}
      </h2>
      {loading ? <p className="dashboard-card__loading">Loading…</p> : children}
    </section>
  );
}
