import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "#web/shared/api/client.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { PlanUnlock } from "../ui/PlanLocked.tsx";
import { slotsQuery } from "./coaching-api.ts";
import { byDay, localZone, timeLabel } from "./when.ts";

type Props = {
  session: string;
  /** The button's words: "Book this time" or "Move to this time". */
  action: string;
  busy: boolean;
  problem: string | null;
  withNote?: boolean;
  onPick: (startsAt: string, note: string) => void;
  children?: ReactNode;
};

/** The free times of one session, by day in the customer's zone, as one radio group; an optional note. */
export function SlotPicker({ session, action, busy, problem, withNote, onPick }: Props) {
  const slots = useQuery(slotsQuery(session));
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const ids = { legend: useId(), note: useId() };
  if (slots.error instanceof ApiError && slots.error.unlock) return <PlanUnlock message={slots.error.message} unlock={slots.error.unlock} what="coaching" />;
  if (slots.isError) return <LoadFailed what="the free times" onRetry={() => void slots.refetch()} />;
  if (!slots.data) return <PageLoading label="Loading the free times…" />;
  if (slots.data.length === 0)
    return <p className="account__panel">There are no free times in the next weeks. New times open every day; please look again soon.</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onPick(chosen, note.trim());
  };
  return (
    <form className="coach-picker" onSubmit={submit}>
      <fieldset className="coach-picker__days">
        <legend id={ids.legend} className="coach-picker__legend">
          Choose a time. Times are in your time zone ({localZone()}).
        </legend>
        {byDay(slots.data).map(({ day, slots: times }) => (
          <div key={day} className="coach-picker__day" role="group" aria-label={day}>
            <p className="coach-picker__day-name" aria-hidden="true">
              {day}
            </p>
            <div className="coach-picker__times">
              {times.map((slot) => (
                <label key={slot.starts_at} className="coach-picker__time" data-checked={chosen === slot.starts_at || undefined}>
                  <input type="radio" name="slot" value={slot.starts_at} checked={chosen === slot.starts_at} onChange={() => setChosen(slot.starts_at)} />
                  {timeLabel(slot.starts_at)}
                </label>
              ))}
            </div>
          </div>
        ))}
      </fieldset>
      {withNote && (
        <div className="field">
          <label className="field__label" htmlFor={ids.note}>
            What would you like to talk about? (optional)
          </label>
          <textarea id={ids.note} className="field__input" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      )}
      {problem && (
        <p className="message message--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={!chosen || busy}>
        {busy ? "One moment…" : action}
      </button>
    </form>
  );
}
