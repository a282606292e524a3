import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };
import { flowsPlugin } from "./scripts/vite/flows-plugin.ts";
import { precompressPlugin } from "./scripts/vite/precompress-plugin.ts";
import { ssrBundlePlugin } from "./scripts/vite/ssr-bundle-plugin.ts";

/** The API server (src/server) that the dev server forwards to. */
const API_ORIGIN = "http://127.0.0.1:3000";

const toApi = { target: API_ORIGIN, changeOrigin: false, xfwd: true } as const;

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  /** flowsPlugin: flows/*.yaml → checked, compiled JSON as `virtual:flows` (a broken flow fails the build). */
  /** precompressPlugin: .br and .gz copies of every text asset, served as they are by the server. */
  /** ssrBundlePlugin: the same pages built for the server's renderer of first screens (dist-ssr/, ADR 039). */
  plugins: [react(), flowsPlugin(), precompressPlugin(), ssrBundlePlugin()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server announces a landing page's own chunks in its head (src/server/plugins/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs on, as one file: one request instead of six, and one gzip
          // stream (every page's entry imports them all anyway).
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|xstate|@xstate[\\/]react|@tanstack[\\/](query-core|react-query)|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/,
              priority: 10,
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
