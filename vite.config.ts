import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import pkg from "./package.json" with { type: "json" };
import { flowsPlugin } from "./scripts/vite/flows-plugin.ts";
import { precompressPlugin } from "./scripts/vite/precompress-plugin.ts";
import { ssrBundlePlugin } from "./scripts/vite/ssr-bundle-plugin.ts";

/** The API server (src/server) that the dev server forwards to. */
const API_ORIGIN = "http://127.0.0.1:3000";

const toApi = { target: API_ORIGIN, changeOrigin: false, xfwd: true } as const;

/**
 * In `vite build` only: react-router's production build (its package exports only the development
 * one, with its warnings; ADR 043). Both entries, so the app and react-router-dom share one copy.
 */
function reactRouterProduction(): Plugin {
  const dist = resolve(import.meta.dirname, "node_modules/react-router/dist/production");
  return {
    name: "pathwise:react-router-production",
    apply: "build",
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${dist}/index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${dist}/dom-export.mjs` },
        ],
      },
    }),
  };
}

/**
 * What a lazy import fetches beside its chunk: its CSS only. Its scripts come with the chunk's own
 * imports, and a server-rendered page announces its modules in its head
 * (src/server/plugins/page-preloads.ts), so the entry does not carry every page's list (ADR 043).
 */
const cssOnly = (_file: string, deps: string[], { hostType }: { hostType: "html" | "js" }) =>
  hostType === "html" ? deps : deps.filter((d) => d.endsWith(".css"));

/** The app's own modules the entry imports (src/web/main.tsx), as absolute paths; the "boot" chunk starts from them. */
const ENTRY = resolve(import.meta.dirname, "src/web/main.tsx");
const bootImports = new Set(
  [...readFileSync(ENTRY, "utf8").matchAll(/^import [^;]*? from "(\.{1,2}\/[^"]+\.tsx?)";$/gm)].map(([, spec]) => resolve(dirname(ENTRY), spec!)),
);

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  /** flowsPlugin: flows/*.yaml → checked, compiled JSON as `virtual:flows` (a broken flow fails the build). */
  /** precompressPlugin: .br and .gz copies of every text asset, served as they are by the server. */
  /** ssrBundlePlugin: the same pages built for the server's renderer of first screens (dist-ssr/, ADR 039). */
  /** reactRouterProduction: react-router without its development warnings in the browser build (ADR 043). */
  plugins: [react(), flowsPlugin(), precompressPlugin(), ssrBundlePlugin(), reactRouterProduction()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server announces a landing page's own chunks in its head (src/server/plugins/page-preloads.ts).
    manifest: true,
    // Every browser we serve has modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false, resolveDependencies: cssOnly },
    rolldownOptions: {
      // Rolldown's PLUGIN_TIMINGS is advice, not a problem: on a busy machine every `npm start`
      // printed a paragraph on the time our own build steps take (the flows' check, the server
      // renderer's build, the compressed copies). Every other check still warns; the server
      // renderer's build (scripts/vite/ssr-bundle-plugin.ts) takes the same checks.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // The libraries every page runs on, as one file: one request instead of six, and one gzip
          // stream (every page's entry imports them all anyway). TanStack Query is not one of them:
          // a funnel's first screen runs without it, and fetches it after the load event; the
          // framework keeps only its context and `queryOptions` (an identity function), which pages
          // import statically (ADR 043). Nor is XState: a funnel fetches it with its machine after the
          // load event (ADR 080).
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](QueryClientProvider|queryOptions)\.js)([\\/]|$)/,
              priority: 10,
            },
            {
              // XState and its React bindings (with the shims only they use), for the machines: the
              // funnel's, fetched after the load event with src/web/funnel/session/start-flow-actor.ts
              // (ADR 080), and the login check's. One file.
              name: "xstate",
              test: /node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/,
              priority: 9,
            },
            {
              // TanStack Query, for the pages that show what the API answers; mutations (forms behind
              // the funnel) stay with the pages that send them (ADR 043).
              name: "query",
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!build[\\/]modern[\\/](mutationObserver|useMutation)\.js)/,
              priority: 9,
            },
            {
              // What the entry (main.tsx) imports, and what they import: router table, providers, API
              // client, tracking. Every page runs all of it: one file and one gzip stream, not a dozen (ADR 043).
              name: "boot",
              test: (id: string) => bootImports.has(id.split("?")[0]!),
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": toApi,
      "/dev": toApi,
      "/content-images": toApi,
      "/sandbox": toApi,
    },
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
});
