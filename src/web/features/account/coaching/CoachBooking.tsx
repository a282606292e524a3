import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PlanUnlock } from "../ui/PlanLocked.tsx";
import { bookSlot, type Booking, type CoachingInfo, type CoachingLock } from "./coaching-api.ts";
import { CoachSessionCard } from "./CoachSessionCard.tsx";
import { problemOf } from "./problem-of.ts";
import { UpcomingBooking } from "./UpcomingBooking.tsx";
import { whenLabel } from "./when.ts";

/**
 * The sessions and the customer's bookings. Without a plan that gives access (`locked`, from the
 * server's rule), the lock and what lifts it come first, the sessions show what a plan includes,
 * and no "Choose a time" is offered; sessions already booked can still be cancelled.
 */
export function CoachBooking({ info, upcoming, locked }: { info: CoachingInfo; upcoming: Booking[]; locked: CoachingLock }) {
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["customer", "coaching"] });
  const book = useMutation({
    mutationFn: bookSlot,
    onSuccess: (b) => {
      setChoosing(null);
      setDone(`Booked: ${b.session_title}, ${whenLabel(b.starts_at, b.ends_at)}. We e-mailed you the details with a calendar invitation.`);
    },
    onSettled: () => void refresh(),
  });
  const full = upcoming.length >= info.max_upcoming;
  return (
    <div className="coach">
      {done && (
        <p className="message message--success" role="status">
          {done}
        </p>
      )}
      {locked && <PlanUnlock message={locked.message} unlock={locked.unlock} what="coaching" />}
      {(!locked || upcoming.length > 0) && (
        <section className="account__panel coach__mine" aria-labelledby="coach-mine">
          <h2 id="coach-mine" className="account__panel-title">
            Your sessions
          </h2>
          {upcoming.length === 0 ? (
            <p>You have no session booked. Choose one below.</p>
          ) : (
            <ul className="coach__bookings">
              {upcoming.map((b) => (
                <UpcomingBooking key={b.id} booking={b} info={info} onChanged={(text) => setDone(text)} />
              ))}
            </ul>
          )}
          <p className="field__hint">
            {info.how_it_happens} You can move or cancel a session until {info.change_until_hours} hours before it starts.
          </p>
        </section>
      )}

      <h2 className="coach__heading">{locked ? "What a plan lets you book" : "What you can book"}</h2>
      {full && !locked && <p className="coach__full">You have an upcoming session. Move or cancel it to book a different one.</p>}
      <ul className="coach__sessions">
        {info.sessions.map((s) => (
          <CoachSessionCard
            key={s.code}
            s={s}
            locked={Boolean(locked)}
            full={full}
            choosing={choosing === s.code}
            busy={book.isPending}
            problem={book.isError ? problemOf(book.error) : null}
            onChoose={() => setChoosing(s.code)}
            onPick={(starts_at, note) => book.mutate({ session_code: s.code, starts_at, ...(note ? { note } : {}) })}
          />
        ))}
      </ul>
    </div>
  );
}
