import * as Sentry from "@sentry/react";
import type { MonitoringConfig } from "./config.ts";

/**
 * Loaded with a dynamic import only when a DSN is configured, so @sentry/react is never part of
 * the first bundle. Full trace sampling; session replay only for sessions that hit an error.
 */
export function initSentry(config: MonitoringConfig & { sentryDsn: string }): void {
  Sentry.init({
    dsn: config.sentryDsn,
    release: config.release,
    environment: config.environment,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 1,
  });
}

/** @public read through the lazily loaded module in src/web/shared/monitoring/monitoring.ts. */
export function setSentryUser(user: { id: string } | null): void {
  Sentry.setUser(user);
}

/** @public read through the lazily loaded module: analytics consent withdrawn, nothing more is sent (ADR 055). */
export function closeSentry(): Promise<boolean> {
  return Sentry.close();
}
