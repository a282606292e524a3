import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { checkImages } from "#engine/flow/load/check-images.ts";
import { checkOffers } from "#engine/flow/load/check-offers.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { checkPromises } from "#engine/report/check-promises.ts";
import type { Problem } from "#engine/yaml/parse-located.ts";
import { readContent } from "../content/read-content.ts";
import { readCareerToolkit } from "../content/career-toolkit.ts";
import { reportLibrary } from "../content/report-library.ts";
import { readReportTemplates } from "./read-report-templates.ts";

/**
 * The report side of checking funnels (flows:check, the build, the server's start): every report
 * template of the given flows, checked against its flow and the content, the career toolkit's links, and every pre-checkout
 * promise against its report's sections, every offer's plans against the catalogue, and every picture a flow shows against content/images.
 * `texts` are the flow files' texts, for locations.
 */
export async function checkFunnelReports(flows: readonly CompiledFlow[], texts: ReadonlyMap<string, string>, contentDir: string): Promise<Problem[]> {
  const images = checkImages(flows, await readdir(join(contentDir, "images")).catch(() => []), texts);
  const content = await readContent(contentDir);
  if (!content.ok) return [...images, ...content.problems];
  // An offer sells catalogue plans only: the payment providers know no other (ADR 065).
  const offers = checkOffers(
    flows,
    content.content.products.map((p) => p.id),
    texts,
  );
  const library = reportLibrary(content.content);
  // The career toolkit links into the same content as reports, so it is checked with them.
  const toolkit = await readCareerToolkit(join(contentDir, "career-toolkit", "career-toolkit.yaml"), library);
  const templates = await readReportTemplates(join(contentDir, "reports"), flows, library);
  if (!templates.ok || !toolkit.ok) return [...images, ...offers, ...(templates.ok ? [] : templates.problems), ...(toolkit.ok ? [] : toolkit.problems)];
  const sections = new Map([...templates.templates].map(([code, t]) => [code, t.sections]));
  return [...images, ...offers, ...checkPromises(flows, sections, texts)];
}
