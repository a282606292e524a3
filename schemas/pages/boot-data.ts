import type { Customer } from "../api/auth.ts";
import type { ShownOrder } from "../flow/shuffle.ts";

/**
 * What the server puts into every page it serves, so the first screen needs no round trip: the
 * info-data catalogue (spec §2), whether the request carried a login session cookie (without
 * one, nobody can be logged in and the app does not ask), and on a funnel's page that funnel's
 * compiled flow (the app uses it when its hash is the one the app was built with). A JSON data block, not a script: the
 * CSP lets it through, and the browser never runs it. Zod-free, so the first screen can read it.
 */
export const BOOT_DATA_ID = "boot-data";

export type BootData = {
  /** The catalogue as GET /info-data-catalog/list answers it. */
  catalog: { data: { code: string; text: string }[] };
  session: boolean;
  /**
   * Present when the server asked who the page's login cookie proves (ADR 075): the customer, as
   * GET /api/auth/customer answered that cookie (only a proven session has one), or null for nobody.
   */
  customer?: Customer | null;
  /**
   * The live flows' URLs the build's route table does not have (each with the code of the flow it
   * opens now), left out when there are none: paths a publish added (ADR 066). The app routes them
   * to the funnel as it routes the build's.
   */
  routes?: { path: string; flow: string }[];
  /** On a funnel's page: the compiled flow (src/engine/flow/types.ts CompiledFlow), as the server loaded it. */
  flow?: { code: string; hash: string };
  /**
   * On a funnel's page further in than its entries: the run of that flow this browser's visitor cookie
   * can resume (ADR 078), as POST /quiz/sessions would re-open it. The app runs it when the browser
   * has no saved copy of its own, so its step is drawn at once. Makes the page personal (never kept).
   * Answers as the kinds record checks them (src/engine/flow/types.ts Answers).
   */
  run?: { sessionId: string; answers: Record<string, unknown>; variants: Record<string, string>; order?: ShownOrder };
  /** With a flow that has a social-proof line: how many finished it in the last 30 days. */
  finished30d?: number;
  /**
   * Present when the page's #root holds the server's rendering of it (ADR 039): the router's data for
   * that rendering, which the app hydrates with instead of rendering anew.
   */
  hydration?: { loaderData: Record<string, unknown> };
  /**
   * Only in the server's own render, never in the page: whether the visitor has made a privacy
   * choice (a `pw_consent` cookie), so the first screen carries the banner exactly when the browser
   * will draw it (ADR 055). The browser reads its cookie.
   */
  consented?: boolean;
  /** The ad pixels the server is configured with (META_PIXEL_ID, TIKTOK_PIXEL_ID); loaded only with marketing consent (ADR 057). */
  pixels?: { meta?: string; tiktok?: string };
  /** With hydration: the public API answers the rendered page was drawn with (TanStack Query's dehydrated state). */
  queries?: unknown;
};
