import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../shared/api/client.ts";
import { paths } from "../../../shared/routing/paths.ts";
import { LoadFailed } from "../../../shared/ui/LoadFailed.tsx";
import { PageLoading } from "../../../shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { LockedBadge, PlanUnlock } from "../ui/PlanLocked.tsx";
import { bookingsQuery, bookSlot, cancelBooking, coachingInfoQuery, moveBooking, type Booking, type CoachingInfo, type CoachingLock } from "./coaching-api.ts";
import { SlotPicker } from "./SlotPicker.tsx";
import { whenLabel } from "./when.ts";
import "../../../shared/ui/forms.css";
import "./coaching.css";

const problemOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : "We could not reach the booking calendar. Please try again.";

/** `/account/book-your-coach`: the sessions on offer, a free time for one, and the customer's sessions to move or cancel. */
export function BookCoachPage() {
  const info = useQuery(coachingInfoQuery());
  const mine = useQuery(bookingsQuery());
  return (
    <AccountSubPage
      eyebrow="Your account"
      title={info.data?.title ?? "Book a session with a coach"}
      back={{ to: paths.account, label: "Account" }}
      intro={info.data?.intro}
    >
      {info.data && mine.data ? (
        <Booking info={info.data} upcoming={mine.data.upcoming} locked={mine.data.locked} />
      ) : info.isError || mine.isError ? (
        <LoadFailed
          what="coaching"
          onRetry={() => {
            void info.refetch();
            void mine.refetch();
          }}
        />
      ) : (
        <PageLoading label="Loading coaching…" />
      )}
    </AccountSubPage>
  );
}

/**
 * The sessions and the customer's bookings. Without a plan that gives access (`locked`, from the
 * server's rule), the lock and what lifts it come first, the sessions show what a plan includes,
 * and no "Choose a time" is offered; sessions already booked can still be cancelled.
 */
function Booking({ info, upcoming, locked }: { info: CoachingInfo; upcoming: Booking[]; locked: CoachingLock }) {
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
          <li key={s.code} className="account__panel coach__session">
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
              (choosing === s.code ? (
                <SlotPicker
                  session={s.code}
                  action="Book this time"
                  busy={book.isPending}
                  problem={book.isError ? problemOf(book.error) : null}
                  withNote
                  onPick={(starts_at, note) => book.mutate({ session_code: s.code, starts_at, ...(note ? { note } : {}) })}
                />
              ) : (
                <button type="button" className="button button--secondary" onClick={() => setChoosing(s.code)} aria-label={`Choose a time for the ${s.title}`}>
                  Choose a time
                </button>
              ))
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function UpcomingBooking({ booking, info, onChanged }: { booking: Booking; info: CoachingInfo; onChanged: (text: string) => void }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<"idle" | "move" | "cancel">("idle");
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["customer", "coaching"] });
  const move = useMutation({
    mutationFn: (startsAt: string) => moveBooking(booking.id, startsAt),
    onSuccess: (b) => {
      setMode("idle");
      onChanged(`Moved: ${b.session_title}, ${whenLabel(b.starts_at, b.ends_at)}. We e-mailed you an updated calendar invitation.`);
    },
    onSettled: () => void refresh(),
  });
  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.id),
    onSuccess: (b) => onChanged(`Cancelled: ${b.session_title}. We e-mailed you a calendar update that removes it.`),
    onSettled: () => void refresh(),
  });
  const session = info.sessions.find((s) => s.code === booking.session_code);
  return (
    <li className="coach__booking">
      <p className="coach__booking-title">{booking.session_title}</p>
      <p>{whenLabel(booking.starts_at, booking.ends_at)}</p>
      {booking.note && <p className="field__hint">Your note: {booking.note}</p>}
      {booking.can_change ? (
        mode === "move" ? (
          <SlotPicker
            session={booking.session_code}
            action="Move to this time"
            busy={move.isPending}
            problem={move.isError ? problemOf(move.error) : null}
            onPick={(startsAt) => move.mutate(startsAt)}
          />
        ) : mode === "cancel" ? (
          <div className="coach__confirm" role="group" aria-label="Cancel this session?">
            <p>Cancel this {session?.title ?? "session"}?</p>
            <button type="button" className="button coach__danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              Yes, cancel it
            </button>{" "}
            <button type="button" className="button button--secondary" onClick={() => setMode("idle")}>
              Keep it
            </button>
            {cancel.isError && (
              <p className="message message--error" role="alert">
                {problemOf(cancel.error)}
              </p>
            )}
          </div>
        ) : (
          <p className="coach__actions">
            <button type="button" className="button button--secondary" onClick={() => setMode("move")}>
              Move
            </button>{" "}
            <button type="button" className="button button--text" onClick={() => setMode("cancel")}>
              Cancel
            </button>
          </p>
        )
      ) : (
        <p className="field__hint">It starts within {info.change_until_hours} hours, so it can no longer be moved or cancelled here.</p>
      )}
    </li>
  );
}
