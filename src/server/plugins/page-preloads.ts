import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/** Vite's build manifest (build.manifest): each source module's output file and what it imports. */
const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/**
 * The lazily loaded page modules the server announces in a page's head, so the browser fetches
 * them with the entry instead of after it has run (routes in src/web/app/routes/routes.tsx and
 * src/web/funnel/funnel-routes.tsx). Only the pages visitors land on from outside: the home page and
 * the funnels. tests/build checks each is in the build's manifest.
 */
export const PAGE_MODULES = {
  home: "src/web/features/home/HomePage.tsx",
  funnel: "src/web/funnel/FunnelPage.tsx",
} as const;
export type PageModule = keyof typeof PAGE_MODULES;

/** Reads dist/.vite/manifest.json; null when the build wrote none or it is not a manifest. */
export function readManifest(distDir: string): Manifest | null {
  const path = join(distDir, ".vite", "manifest.json");
  if (!existsSync(path)) return null;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A module's own file and, recursively, every chunk it imports statically, with their CSS. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return { js, css };
}

/**
 * The `<link>` tags that fetch these source modules (paths from the project root, as the manifest
 * names them) and everything they import beyond the entry (index.html already loads the entry's
 * own chunks and CSS): stylesheets first, which hold the page's first paint, then the scripts.
 * Empty without a manifest. The server-rendered pages name their modules (src/web/ssr/module-marks.ts).
 */
export function createPreloads(manifest: Manifest | null): (modules: readonly string[]) => string {
  const entry = manifest ? Object.keys(manifest).find((k) => manifest[k]!.isEntry) : undefined;
  const loaded = manifest && entry ? closure(manifest, entry) : { js: [], css: [] };
  const inEntry = new Set([...loaded.js, ...loaded.css]);
  const made = new Map<string, string>();
  return (modules) => {
    const key = modules.join("\n");
    let tags = made.get(key);
    if (tags === undefined) {
      const seen = new Set<string>();
      const parts = manifest ? modules.map((m) => closure(manifest, m, seen)) : [];
      const css = [...new Set(parts.flatMap((p) => p.css))];
      const js = parts.flatMap((p) => p.js);
      tags = [
        ...css.filter((f) => !inEntry.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ...js.filter((f) => !inEntry.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ].join("");
      made.set(key, tags);
    }
    return tags;
  };
}

/** For each page module: the `<link>` tags that fetch it (createPreloads), for pages drawn in the browser. */
export function pagePreloads(manifest: Manifest | null): Record<PageModule, string> {
  const of = createPreloads(manifest);
  return Object.fromEntries((Object.entries(PAGE_MODULES) as [PageModule, string][]).map(([page, key]) => [page, of([key])])) as Record<PageModule, string>;
}
