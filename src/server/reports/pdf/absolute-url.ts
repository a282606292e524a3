/**
 * A report's href as an address a PDF viewer can open: relative paths ("/account/plans/…") are
 * resolved against the app's origin; only http(s) and mailto addresses become links.
 */
export function absoluteUrl(href: string, appOrigin: string): string | null {
  try {
    const url = new URL(href, appOrigin);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}
