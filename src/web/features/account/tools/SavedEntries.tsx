import { useEffect, useId, useRef, useState } from "react";
import { dateFormatter, formatDate } from "#web/shared/dates/format-date.ts";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import type { ToolEntry } from "./tools-api.ts";

type Props = {
  entries: ToolEntry[] | undefined;
  error: unknown;
  retry: () => void;
  editingId: string | null;
  summary: (data: unknown) => string;
  onOpen: (entry: ToolEntry) => void;
  onDelete: (entry: ToolEntry) => Promise<boolean>;
};

const formatTime = dateFormatter({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The customer's saved entries of the tool, newest first: date, a one-line summary, Open and Delete (asked twice). */
export function SavedEntries({ entries, error, retry, editingId, summary, onOpen, onDelete }: Props) {
  const id = useId();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  /** Where focus goes once the confirm step closes: back to the entry's Delete, or to the list's title after a deletion. */
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    (target === "title" ? title.current : document.getElementById(`${id}-delete-${target}`))?.focus();
  });

  return (
    <section className="account__panel tool-entries" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={title} tabIndex={-1} className="account__panel-title tool-entries__title">
        Your saved entries
      </h2>
      {entries ? (
        entries.length === 0 ? (
          <p className="tool-widget__empty">Nothing saved yet. What you save appears here, newest first.</p>
        ) : (
          <ul className="tool-entries__list" aria-labelledby={`${id}-title`}>
            {entries.map((entry) => (
              <li key={entry.id} className="tool-entries__item" data-editing={entry.id === editingId || undefined}>
                <p className="tool-entries__when">
                  <time dateTime={entry.updated_at}>
                    {formatDate(entry.updated_at)}, {formatTime(entry.updated_at)}
                  </time>
                  {entry.id === editingId && <span className="tool-entries__badge">Open above</span>}
                </p>
                <p className="tool-entries__summary">{summary(entry.data)}</p>
                {confirming === entry.id ? (
                  <div className="tool-entries__confirm" role="group" aria-label="Delete this entry?">
                    <p>Delete this entry for good?</p>
                    <button
                      type="button"
                      className="button button--primary tool-small-button"
                      disabled={deleting}
                      onClick={() => {
                        setDeleting(true);
                        void onDelete(entry).then((deleted) => {
                          focusAfter.current = deleted ? "title" : entry.id;
                          setDeleting(false);
                          setConfirming(null);
                        });
                      }}
                    >
                      Yes, delete
                    </button>
                    <button
                      ref={keep}
                      type="button"
                      className="button button--secondary tool-small-button"
                      onClick={() => {
                        focusAfter.current = entry.id;
                        setConfirming(null);
                      }}
                    >
                      Keep it
                    </button>
                  </div>
                ) : (
                  <div className="tool-entries__actions">
                    <button
                      type="button"
                      className="button button--secondary tool-small-button"
                      aria-label={`Open the entry of ${formatDate(entry.updated_at)}, ${formatTime(entry.updated_at)}`}
                      onClick={() => onOpen(entry)}
                    >
                      Open
                    </button>
                    <button
                      id={`${id}-delete-${entry.id}`}
                      type="button"
                      className="button--text tool-small-button"
                      aria-label={`Delete the entry of ${formatDate(entry.updated_at)}, ${formatTime(entry.updated_at)}`}
                      onClick={() => setConfirming(entry.id)}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )
      ) : error ? (
        <LoadProblem error={error} what="your saved entries" onRetry={retry} />
      ) : (
        <p className="tool-widget__empty" role="status">
          Loading your saved entries…
        </p>
      )}
    </section>
  );
}
