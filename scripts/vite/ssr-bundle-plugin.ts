import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { flowsPlugin } from "./flows-plugin.ts";

/** The server's renderer of the first screens, built beside the browser build (`dist` → `dist-ssr`). */
export const SSR_ENTRY = "src/web/ssr/entry-server.tsx";

/** Where the server-render bundle of a browser build in `outDir` goes (src/server/plugins/server-render.ts reads it there). */
export const ssrOutDir = (outDir: string) => `${outDir.replace(/[\\/]+$/, "")}-ssr`;

/**
 * After the browser build, builds the same React components once more for Node (React's server
 * renderer, ADR 039), so one `vite build` makes both and they can never come from different sources.
 * The second build has no config file of its own: it does not run this plugin again.
 */
export function ssrBundlePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "pathwise:ssr-bundle",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: config.logLevel,
        define: config.define,
        plugins: [react(), flowsPlugin()],
        build: { ssr: SSR_ENTRY, outDir: ssrOutDir(config.build.outDir), emptyOutDir: true, minify: false, copyPublicDir: false },
      });
    },
  };
}
