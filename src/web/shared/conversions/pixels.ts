import { CONVERSION_EVENTS, type ConversionKind } from "#schemas/conversions/events.ts";
import type { BootData } from "#schemas/pages/boot-data.ts";
import { logClient } from "../log/log.ts";
import { afterFirstPaint } from "../monitoring/monitoring.ts";
import { whenConsented } from "../consent/consent-gate.ts";

type PixelIds = NonNullable<BootData["pixels"]>;
/** What a conversion event says besides its name and id (GA4's parameters; the pixels take value and currency). */
export type ConversionData = { value?: number; currency?: string; transaction_id?: string };
type Loaded = { track: (kind: ConversionKind, eventId: string, data: ConversionData) => void };

let ids: PixelIds = {};
let loaded: Loaded[] | null = null;
/** Events sent (with consent) before the pixels' scripts came: handed to them once they load. */
let waiting: [ConversionKind, string, ConversionData][] = [];

async function loadPixels(): Promise<void> {
  const pixels: Loaded[] = [];
  if (ids.meta) {
    const { loadMetaPixel, trackMeta } = await import("./meta-pixel.ts");
    loadMetaPixel(ids.meta);
    pixels.push({ track: (kind, eventId, data) => sendNamed(CONVERSION_EVENTS[kind].meta, (name) => trackMeta(name, data, eventId)) });
  }
  if (ids.tiktok) {
    const { loadTikTokPixel, trackTikTok } = await import("./tiktok-pixel.ts");
    loadTikTokPixel(ids.tiktok);
    pixels.push({ track: (kind, eventId, data) => sendNamed(CONVERSION_EVENTS[kind].tiktok, (name) => trackTikTok(name, data, eventId)) });
  }
  loaded = pixels;
  for (const [kind, eventId, data] of waiting) sendToPixels(kind, eventId, data);
  waiting = [];
}

const sendNamed = (name: string | null, send: (name: string) => void) => {
  if (name !== null) send(name);
};

let started = false;
/** Loads the configured pixels once, after first paint, when marketing is allowed. */
function startOnce(): void {
  if (started) return;
  started = true;
  afterFirstPaint(() => void loadPixels().catch((error: unknown) => logClient("warn", "Ad pixels failed to load", error)));
}

/**
 * The Meta and TikTok pixels the server is configured with (boot data, from META_PIXEL_ID and
 * TIKTOK_PIXEL_ID): their scripts load only once the visitor allows marketing, after first paint,
 * never in the first bundle (ADR 057). Nothing configured: nothing happens.
 */
export function startPixels(configured: BootData["pixels"]): void {
  ids = configured ?? {};
  if (!ids.meta && !ids.tiktok) return;
  whenConsented("marketing", startOnce);
}

/** A conversion event (already consented, first send) to each configured pixel that has a name for its kind, with the same event id. */
export function sendToPixels(kind: ConversionKind, eventId: string, data: ConversionData): void {
  if (!ids.meta && !ids.tiktok) return;
  if (loaded === null) {
    waiting.push([kind, eventId, data]);
    startOnce();
    return;
  }
  for (const pixel of loaded) pixel.track(kind, eventId, data);
}
