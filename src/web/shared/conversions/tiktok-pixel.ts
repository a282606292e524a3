/**
 * TikTok's pixel, loaded with a dynamic import only once the visitor allows marketing (./pixels.ts):
 * the standard snippet's queue (calls kept as [method, ...args] until events.js takes them), written
 * as code (the CSP allows no inline script).
 */
type Ttq = unknown[] & Record<string, unknown> & { page: () => void; track: (name: string, data: object, options: object) => void };

declare global {
  interface Window {
    ttq?: Ttq;
    TiktokAnalyticsObject?: string;
  }
}

const TIKTOK_PIXEL_SCRIPT = "https://analytics.tiktok.com/i18n/pixel/events.js";
const METHODS = ["page", "track", "identify", "instances", "debug", "on", "off", "once", "ready", "alias", "group", "enableCookie", "disableCookie"];

/** Starts the pixel once, with the page view every pixel begins with. */
export function loadTikTokPixel(pixelId: string, doc: Document = document): void {
  if (window.ttq) return;
  const ttq = [] as unknown as Ttq;
  for (const method of METHODS) ttq[method] = (...args: unknown[]) => void ttq.push([method, ...args]);
  Object.assign(ttq, {
    _i: { [pixelId]: Object.assign([], { _u: TIKTOK_PIXEL_SCRIPT }) },
    _t: { [pixelId]: Date.now() },
    _o: { [pixelId]: {} },
  });
  window.TiktokAnalyticsObject = "ttq";
  window.ttq = ttq;
  const script = doc.createElement("script");
  script.async = true;
  script.src = `${TIKTOK_PIXEL_SCRIPT}?sdkid=${encodeURIComponent(pixelId)}&lib=ttq`;
  doc.head.append(script);
  ttq.page();
}

/** One standard event with its id: TikTok keeps one of it and the server's event with the same name and id. */
export function trackTikTok(name: string, data: { value?: number; currency?: string; transaction_id?: string }, eventId: string): void {
  const { value, currency } = data;
  window.ttq?.track(name, { ...(value === undefined ? {} : { value }), ...(currency ? { currency } : {}) }, { event_id: eventId });
}
