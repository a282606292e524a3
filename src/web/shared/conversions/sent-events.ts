/**
 * The event ids this browser has already sent, in local storage so a reload or a second tab does
 * not send one again (a purchase is one purchase however often its page is opened). The newest
 * `KEEP` are kept: more than a visitor makes in the platforms' 48-hour de-duplication window.
 */
const KEY = "pathwise:conversions-sent";
const KEEP = 100;

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Records `eventId` as sent and answers true, or answers false when it was sent before. Without
 * storage (private mode, refused), it answers true: the platforms de-duplicate by the id.
 */
export function firstSend(eventId: string): boolean {
  const sent = read();
  if (sent.includes(eventId)) return false;
  try {
    localStorage.setItem(KEY, JSON.stringify([...sent, eventId].slice(-KEEP)));
  } catch {
    // Storage full or refused: sent anyway, the id lets the platform keep one.
  }
  return true;
}
