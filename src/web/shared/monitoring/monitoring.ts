import { logClient } from "../log/log.ts";
import { monitoringConfig, type MonitoringConfig } from "./config.ts";

type SentryModule = { setSentryUser: (user: { id: string } | null) => void };
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

/** Starts Sentry and the tag manager if configured (VITE_SENTRY_DSN, VITE_GTM_ID), after first paint. */
export function startMonitoring(config: MonitoringConfig = monitoringConfig()): void {
  const { sentryDsn, gtmId } = config;
  if (!sentryDsn && !gtmId) return;
  afterFirstPaint(() => {
    if (gtmId) {
      // Its loader too stays out of the first bundle.
      import("./tag-manager.ts")
        .then(({ loadTagManager }) => loadTagManager(gtmId))
        .catch((error: unknown) => logClient("warn", "Tag manager failed to load", error));
    }
    if (sentryDsn) {
      import("./sentry.ts")
        .then((module) => {
          module.initSentry({ ...config, sentryDsn });
          sentry = module;
          applyUser();
        })
        .catch((error: unknown) => logClient("warn", "Error reporting failed to load", error));
    }
  });
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
