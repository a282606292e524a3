import { queryOptions } from "@tanstack/react-query";
import type { Booking, CoachingInfo, CoachingLock } from "#schemas/api/coaching.ts";
import { api } from "#web/shared/api/client.ts";
import { browserTimeZone } from "#web/shared/time-zone/time-zone.ts";

export type { Booking, CoachingInfo, CoachingLock };
export type Slot = { starts_at: string; ends_at: string };

export const coachingInfoQuery = () => queryOptions({ queryKey: ["coaching"], queryFn: ({ signal }) => api.get<CoachingInfo>("/coaching", { signal }) });
export const bookingsQuery = () =>
  queryOptions({
    queryKey: ["customer", "coaching", "bookings"],
    queryFn: ({ signal }) => api.get<{ upcoming: Booking[]; past: Booking[]; locked: CoachingLock }>("/customer/coaching/bookings", { signal }),
  });
export const slotsQuery = (session: string) =>
  queryOptions({
    queryKey: ["customer", "coaching", "slots", session],
    queryFn: ({ signal }) => api.get<Slot[]>("/customer/coaching/slots", { query: { session }, signal }),
  });

/** Booking and moving send the browser's time zone: the e-mail gives the time in it, with its name. */
export const bookSlot = (body: { session_code: string; starts_at: string; note?: string }) =>
  api.post<Booking>("/customer/coaching/book", { ...body, time_zone: browserTimeZone() });
export const moveBooking = (id: string, starts_at: string) =>
  api.post<Booking>(`/customer/coaching/bookings/${id}/move`, { starts_at, time_zone: browserTimeZone() });
export const cancelBooking = (id: string) => api.post<Booking>(`/customer/coaching/bookings/${id}/cancel`, {});
