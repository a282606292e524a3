import react from "@vitejs/plugin-react";
import { relative, resolve } from "node:path";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { flowsPlugin } from "./flows-plugin.ts";

/** The server's renderer of the first screens, built beside the browser build (`dist` → `dist-ssr`). */
const SSR_ENTRY = "src/web/ssr/entry-server.tsx";

/** Where the server-render bundle of a browser build in `outDir` goes (src/server/plugins/server-render.ts reads it there). */
export const ssrOutDir = (outDir: string) => `${outDir.replace(/[\\/]+$/, "")}-ssr`;

const MARKS = "src/web/ssr/module-marks.ts";
const LAZY_IMPORT = /\bimport\(\s*(["'])([^"']+)\1\s*\)/g;

/**
 * In the server's build only: every lazy `import("./Page.tsx")` of the app becomes
 * `markModule(import("./Page.tsx"), "src/web/…/Page.tsx")`, so a rendered page can name its modules
 * and the server fetch their CSS and scripts in the page's head (src/web/ssr/module-marks.ts).
 */
function lazyModuleMarks(root: string): Plugin {
  return {
    name: "pathwise:lazy-module-marks",
    async transform(code, id) {
      if (!/\/src\/web\/.*\.tsx?$/.test(id) || id.endsWith(MARKS) || !code.includes("import(")) return null;
      const sources = new Map<string, string>();
      for (const [, , spec] of code.matchAll(LAZY_IMPORT)) {
        const resolved = await this.resolve(spec!, id);
        if (resolved && !resolved.external) sources.set(spec!, relative(root, resolved.id.split("?")[0]!));
      }
      if (sources.size === 0) return null;
      const out = code.replace(LAZY_IMPORT, (whole, _quote, spec: string) =>
        sources.has(spec) ? `__markModule(${whole}, ${JSON.stringify(sources.get(spec))})` : whole,
      );
      return { code: `import { markModule as __markModule } from ${JSON.stringify(resolve(root, MARKS))};\n${out}`, map: null };
    },
  };
}

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
        plugins: [react(), flowsPlugin(), lazyModuleMarks(config.root)],
        // The same logger and warnings as the browser build (vite.config.ts: no plugin-timing advice).
        customLogger: config.logger,
        build: {
          ssr: SSR_ENTRY,
          outDir: ssrOutDir(config.build.outDir),
          emptyOutDir: true,
          minify: false,
          copyPublicDir: false,
          rolldownOptions: { checks: config.build.rolldownOptions.checks },
        },
      });
    },
  };
}
