/**
 * IANA time zone names ("Europe/Berlin", "America/New_York", "UTC"), as a browser reports them with
 * `Intl.DateTimeFormat().resolvedOptions().timeZone`. Zod-free, so browser and server share it.
 */

/**
 * The name of a real IANA zone, or null: what the runtime's own time zone data accepts, never an
 * offset like "+01:00". The browser's spelling is kept ("Asia/Kolkata" stays, though older time
 * zone data calls it "Asia/Calcutta"); only a different case is put right ("europe/berlin").
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
  } catch {
    return null;
  }
}

/** The zone to write times in: the customer's when it is a real zone, else UTC. */
export const timeZoneOrUtc = (value: string | null | undefined): string => (value ? (canonicalTimeZone(value) ?? "UTC") : "UTC");

/** How a zone is named after a time: "Europe/Berlin time", or "UTC". */
export const zoneName = (zone: string): string => (zone === "UTC" || zone === "Etc/UTC" ? "UTC" : `${zone} time`);
