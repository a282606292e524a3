const KEY = "visitorId";

/** A random id for this browser, kept in local storage; experiment variants are assigned from it. */
export function visitorId(): string {
  try {
    const existing = localStorage.getItem(KEY);
    if (existing && /^[\w-]{16,64}$/.test(existing)) return existing;
    const id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}
