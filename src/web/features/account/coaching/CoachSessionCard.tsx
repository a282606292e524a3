import { LockedBadge } from "../ui/PlanLocked.tsx";
import type { CoachingInfo } from "./coaching-api.ts";
import { SlotPicker } from "./SlotPicker.tsx";

type Props = {
  s: CoachingInfo["sessions"][number];
  /** No plan gives access: the badge instead of "Choose a time". */
  locked: boolean;
  /** The customer has as many sessions booked as allowed: nothing to choose. */
  full: boolean;
  /** The customer is choosing a time for this session: the free times are shown. */
  choosing: boolean;
  busy: boolean;
  problem: string | null;
  onChoose: () => void;
  onPick: (startsAt: string, note: string) => void;
};

/** A session on offer: what it covers, how to prepare, and the way to book a time for it. */
export function CoachSessionCard({ s, locked, full, choosing, busy, problem, onChoose, onPick }: Props) {
  return (
    <li className="account__panel coach__session">
      <h3 className="coach__session-title">{s.title}</h3>
      <p className="coach__meta">{`${s.minutes} minutes · ${s.role}`}</p>
      <p>{s.summary}</p>
      <h4 className="coach__sub">What it covers</h4>
      <ul className="coach__list">
        {s.covers.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <h4 className="coach__sub">How to prepare</h4>
      <ul className="coach__list">
        {s.prepare.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      {locked ? (
        <LockedBadge />
      ) : (
        !full &&
        (choosing ? (
          <SlotPicker session={s.code} action="Book this time" busy={busy} problem={problem} withNote onPick={onPick} />
        ) : (
          <button type="button" className="button button--secondary" onClick={onChoose} aria-label={`Choose a time for the ${s.title}`}>
            Choose a time
          </button>
        ))
      )}
    </li>
  );
}
