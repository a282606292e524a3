import { useEffect } from "react";
import { canonicalTimeZone } from "#schemas/content/time-zone.ts";
import { api } from "../api/client.ts";

/** The browser's IANA time zone ("Europe/Berlin"), or undefined when it reports none the app knows. */
export function browserTimeZone(): string | undefined {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? undefined;
  } catch {
    return undefined;
  }
}

const reportedKey = (customerId: string) => `pathwise.time-zone.${customerId}`;

/**
 * Keeps the logged-in customer's time zone on the server, so e-mails write dates and times in it:
 * sent once per browser and zone (again after travel or a clock change). Failing is harmless, the
 * next account page tries again.
 */
export function useKeepTimeZone(customerId: string | null | undefined): void {
  useEffect(() => {
    const zone = browserTimeZone();
    if (!customerId || !zone) return;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(reportedKey(customerId));
    } catch {
      // storage off: send it every time the account opens
    }
    if (stored === zone) return;
    api.post<{ time_zone: string }>("/customer/time-zone", { time_zone: zone }).then(
      () => {
        try {
          localStorage.setItem(reportedKey(customerId), zone);
        } catch {
          // storage off: nothing to remember
        }
      },
      () => undefined,
    );
  }, [customerId]);
}
