/**
 * Meta's pixel, loaded with a dynamic import only once the visitor allows marketing (./pixels.ts):
 * the standard snippet's queue, written as code (the CSP allows no inline script), then fbevents.js.
 */
type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...args: unknown[]) => void; queue: unknown[][]; push: Fbq; loaded: boolean; version: string };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

const META_PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";

/** Starts the pixel once: `init` with its id and the page view every pixel begins with. */
export function loadMetaPixel(pixelId: string, doc: Document = document): void {
  if (window.fbq) return;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: [] });
  window.fbq = fbq;
  window._fbq = fbq;
  const script = doc.createElement("script");
  script.async = true;
  script.src = META_PIXEL_SCRIPT;
  doc.head.append(script);
  fbq("init", pixelId);
  fbq("track", "PageView");
}

/** One standard event with its id: Meta keeps one of it and the server's event with the same name and id. */
export function trackMeta(name: string, data: { value?: number; currency?: string }, eventId: string): void {
  const { value, currency } = data;
  window.fbq?.("track", name, { ...(value === undefined ? {} : { value }), ...(currency ? { currency } : {}) }, { eventID: eventId });
}
