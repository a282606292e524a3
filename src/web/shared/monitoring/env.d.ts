/** Browser build variables (see README, "Browser build variables"). */
interface ImportMetaEnv {
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_GTM_ID?: string;
}

/** package.json "version", injected by vite.config.ts `define`. */
declare const __APP_VERSION__: string;
