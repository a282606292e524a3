import { logClient } from "../log/log.ts";
import { allowsAny, onConsentChange, whenConsented } from "../consent/consent-gate.ts";
import { signalConsentChoice, signalConsentDefaults } from "../consent/consent-mode.ts";
import { currentConsent } from "../consent/consent-state.ts";
import { monitoringConfig, type MonitoringConfig } from "./config.ts";

type SentryModule = { setSentryUser: (user: { id: string } | null) => void; closeSentry: () => Promise<unknown> };

/** The tag manager carries analytics and ad tags: it loads once either is allowed; Consent Mode tells its tags which. */
const TAG_MANAGER_PURPOSES = ["analytics", "marketing"] as const;
type User = { id: string } | null;

let sentry: SentryModule | null = null;
let pendingUser: User = null;
let appliedUserId: string | null | undefined;

/** Runs `task` once the page has loaded and the browser is idle, so it never delays the first screen. */
export function afterFirstPaint(task: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: 4000 });
    else window.setTimeout(task, 1000);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

function applyUser(): void {
  if (!sentry) return;
  const id = pendingUser?.id ?? null;
  if (id === appliedUserId) return;
  try {
    sentry.setSentryUser(pendingUser);
    appliedUserId = id;
  } catch (error) {
    logClient("warn", "Could not set the error-reporting user", error);
  }
}

/**
 * Google Consent Mode's defaults (all denied) go on the data layer at once, before anything can load
 * Google's tags, and every choice after them (ADR 055). Then, after first paint and only with the
 * visitor's consent: the tag manager (VITE_GTM_ID) once analytics or marketing is allowed, Sentry
 * (VITE_SENTRY_DSN) once analytics is. A later choice that withdraws analytics closes Sentry; the
 * tag manager's tags follow the consent signals.
 */
export function startMonitoring(config: MonitoringConfig = monitoringConfig()): void {
  signalConsentDefaults(currentConsent());
  onConsentChange((record) => {
    signalConsentChoice(record);
    if (!record.analytics) stopSentry();
  });
  const { sentryDsn, gtmId } = config;
  if (gtmId) {
    whenConsented(TAG_MANAGER_PURPOSES, () =>
      afterFirstPaint(() => {
        // Withdrawn while the page was still loading: nothing loads.
        if (!allowsAny(currentConsent(), TAG_MANAGER_PURPOSES)) return;
        // Its loader too stays out of the first bundle.
        import("./tag-manager.ts")
          .then(({ loadTagManager }) => loadTagManager(gtmId))
          .catch((error: unknown) => logClient("warn", "Tag manager failed to load", error));
      }),
    );
  }
  if (sentryDsn) {
    whenConsented("analytics", () =>
      afterFirstPaint(() => {
        if (!allowsAny(currentConsent(), "analytics")) return;
        import("./sentry.ts")
          .then((module) => {
            if (!allowsAny(currentConsent(), "analytics")) return;
            module.initSentry({ ...config, sentryDsn });
            sentry = module;
            applyUser();
          })
          .catch((error: unknown) => logClient("warn", "Error reporting failed to load", error));
      }),
    );
  }
}

/** Analytics withdrawn: error reporting stops sending, for the rest of this page (a later page does not start it). */
function stopSentry(): void {
  if (!sentry) return;
  const closing = sentry;
  sentry = null;
  appliedUserId = undefined;
  closing.closeSentry().catch((error: unknown) => logClient("warn", "Error reporting did not close", error));
}

/**
 * Tells error reporting who is logged in (id only: no e-mail address leaves for a third party).
 * Safe to call before Sentry has loaded; a failure is logged only.
 */
export function setMonitoringUser(customer: { id: string } | null): void {
  pendingUser = customer ? { id: customer.id } : null;
  applyUser();
}

/**
 * React could not hydrate part of a server-rendered page as it was sent and drew it anew (ADR 039):
 * the visitor sees no error, but the page did more work than it should, so it is reported and logged
 * (the browser tests fail on it).
 */
export function reportHydrationError(error: unknown): void {
  console.error("Hydration mismatch: the server's HTML differs from the app's first render.", error);
  logClient("error", "hydration mismatch", error);
}
