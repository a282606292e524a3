import react from "@vitejs/plugin-react";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** Gzipped bytes of every JS file a vite build of the baseline entry writes. */
export async function baselineBytes(): Promise<number> {
  const outDir = await mkdtemp(join(tmpdir(), "pathwise-baseline-"));
  await build({
    configFile: false,
    logLevel: "silent",
    root: join(import.meta.dirname),
    plugins: [react()],
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: join(import.meta.dirname, "baseline.html") } },
  });
  const files = (await readdir(join(outDir, "assets"))).filter((f) => f.endsWith(".js"));
  let total = 0;
  for (const f of files) total += gz(await readFile(join(outDir, "assets", f)));
  return total;
}

/** Markers of code that must never be in the first quiz screen's JavaScript. */
export const FORBIDDEN: Record<string, RegExp> = {
  // The SDKs themselves, not our few lines that load them when configured.
  Sentry: /__SENTRY__|sentry\.javascript/,
  "Google Tag Manager": /google_tag_manager|gtm\.start/,
  yaml: /YAMLParseError|LineCounter/,
  "full zod": /ZodError|safeParse/,
  // The flow's and the login's machines come after the load event (ADR 080, ADR 081); XState's own event names.
  XState: /xstate\.done|xstate\.init/,
};

export { gz };
