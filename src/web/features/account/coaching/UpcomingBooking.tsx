import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { cancelBooking, moveBooking, type Booking, type CoachingInfo } from "./coaching-api.ts";
import { problemOf } from "./problem-of.ts";
import { SlotPicker } from "./SlotPicker.tsx";
import { whenLabel } from "./when.ts";

/** One of the customer's booked sessions: when, their note, and Move or Cancel while it is not too late. */
export function UpcomingBooking({ booking, info, onChanged }: { booking: Booking; info: CoachingInfo; onChanged: (text: string) => void }) {
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
