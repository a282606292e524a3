import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };
import { flowsPlugin } from "./scripts/vite/flows-plugin.ts";
import { precompressPlugin } from "./scripts/vite/precompress-plugin.ts";

/** The API server (src/server) that the dev server forwards to. */
const API_ORIGIN = "http://127.0.0.1:3000";

const toApi = { target: API_ORIGIN, changeOrigin: false, xfwd: true } as const;

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  /** flowsPlugin: flows/*.yaml → checked, compiled JSON as `virtual:flows` (a broken flow fails the build). */
  /** precompressPlugin: .br and .gz copies of every text asset, served as they are by the server. */
  plugins: [react(), flowsPlugin(), precompressPlugin()],
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server announces a landing page's own chunks in its head (src/server/plugins/page-preloads.ts).
    manifest: true,
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
