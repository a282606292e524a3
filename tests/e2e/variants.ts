import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { loadFlow } from "#engine/flow/load/load-flow.ts";
import { assignVariants } from "#engine/flow/variant.ts";

/** A flow's experiments (the career flow's unless another file is named), read as the app reads them. */
function experimentsOf(file: string) {
  const loaded = loadFlow(file, readFileSync(file, "utf8"));
  if (!loaded.ok) throw new Error(`${file} is broken`);
  return loaded.value.experiments;
}

/**
 * A visitor id that the app's own assignment puts in these variants (e.g. `{ result_page: "bingo" }`),
 * found by trying ids in turn: the test then sees the layout it checks, with no back door in the app.
 */
export function visitorIdFor(wanted: Record<string, string>, file = "flows/career.yaml"): string {
  const experiments = experimentsOf(file);
  for (let i = 0; i < 100_000; i++) {
    const id = `e2e-visitor-${String(i).padStart(6, "0")}`;
    const got = assignVariants(id, experiments);
    if (Object.entries(wanted).every(([experiment, variant]) => got[experiment] === variant)) return id;
  }
  throw new Error(`no visitor id lands in ${JSON.stringify(wanted)}: is the variant's weight 0?`);
}

/** Makes this page's browser a visitor assigned to these variants, before the app starts. */
export async function pinVariants(page: Page, wanted: Record<string, string>, file?: string) {
  await page.addInitScript((id) => localStorage.setItem("visitorId", id), visitorIdFor(wanted, file));
}
