const BASE = "https://pathwise.invalid";

/**
 * `next` as a same-origin path (path, query and hash), or null when it is missing or points
 * anywhere else ("//evil.example", "https://…", "/\\evil", "javascript:…").
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  try {
    const url = new URL(next, BASE);
    if (url.origin !== BASE) return null;
    // Dot segments collapse only now: "/.//evil.example" becomes "//evil.example", another host.
    if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
