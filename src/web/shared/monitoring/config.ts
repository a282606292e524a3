/** Third-party monitoring settings, fixed at build time from VITE_* variables. */
export type MonitoringConfig = {
  sentryDsn: string | null;
  gtmId: string | null;
  release: string;
  environment: string;
};

const clean = (value: string | undefined): string | null => (value && value.trim() ? value.trim() : null);

export function monitoringConfig(env: ImportMetaEnv = import.meta.env): MonitoringConfig {
  return {
    sentryDsn: clean(env.VITE_SENTRY_DSN),
    gtmId: clean(env.VITE_GTM_ID),
    release: `v${typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "0.0.0"}`,
    environment: env.MODE,
  };
}
