import { useQuery } from "@tanstack/react-query";
import { formatDate } from "#web/shared/dates/format-date.ts";
import { toolEntriesQueryOptions } from "./tools-api.ts";

/** While a tool is locked: the dates of what the customer saved in it before, kept for when they unlock it. */
export function LockedEntries({ toolName }: { toolName: string }) {
  const entries = useQuery(toolEntriesQueryOptions(toolName));
  if (!entries.data?.length) return null;
  return (
    <section className="account__panel tool-entries" aria-labelledby="tool-locked-entries">
      <h2 id="tool-locked-entries" className="account__panel-title">
        Your saved entries
      </h2>
      <p>They are kept in your account. Unlock the tool to open and change them.</p>
      <ul className="tool-entries__list" aria-labelledby="tool-locked-entries">
        {entries.data.map((entry) => (
          <li key={entry.id} className="tool-entries__item">
            <p className="tool-entries__when">
              Saved on <time dateTime={entry.updated_at}>{formatDate(entry.updated_at)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
