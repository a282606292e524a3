import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { checkImages } from "#engine/flow/load/check-images.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { checkPromises } from "#engine/report/check-promises.ts";
import { formatProblem, type Problem } from "#engine/yaml/parse-located.ts";
import { readContent, type ContentSet } from "../content/read-content.ts";
import { reportLibrary } from "../content/report-library.ts";
import { readFlows } from "../flows/read-flows.ts";
import { contentTypes, type ContentContext, type ContentOptions, type ContentType, type ContentTypeName } from "./content-types.ts";

/** A reason the app cannot start: the line printed above them, and each problem as one line. */
export type StartProblem = { title: string; lines: string[] };

/** What buildApp is given from CONTENT_DIR and FLOWS_DIR; `content` is synced into the database. */
export type AppInputs = {
  content: ContentSet;
  options: ContentOptions & { flows: CompiledFlow[]; flowSources: ReadonlyMap<string, string>; contentDir: string; imagesDir: string };
};

export type LoadResult = { ok: true; inputs: AppInputs } | { ok: false; problems: StartProblem[] };

export type LoadOptions = {
  contentDir: string;
  flowsDir: string;
  /** Only the flow files whose name matches (tests that load fixture flows). */
  flowsOnly?: RegExp;
};

const ENV_TITLE = "The server cannot start: fix these environment variables.";
const titled = (title: string, problems: Problem[]): StartProblem => ({ title, lines: problems.map(formatProblem) });

/**
 * Loads and checks everything the app is built with: the content set, the flows, every content
 * type of the registry (content-types.ts), the promises of each pre-checkout against its report and
 * the pictures the funnels show. Every problem comes back under its title; nothing is thrown for a
 * broken file. Used by src/server/main.ts and tests/helpers/test-app.ts alike.
 */
export async function loadAppInputs(options: LoadOptions): Promise<LoadResult> {
  const contentDir = resolve(options.contentDir);
  const flowsDir = resolve(options.flowsDir);
  const missing = [
    ...(existsSync(contentDir) ? [] : [`CONTENT_DIR: ${contentDir} does not exist`]),
    ...(existsSync(flowsDir) ? [] : [`FLOWS_DIR: ${flowsDir} does not exist`]),
  ];
  if (missing.length > 0) return { ok: false, problems: [{ title: ENV_TITLE, lines: missing }] };

  const [content, flows] = await Promise.all([readContent(contentDir), readFlows(flowsDir, options.flowsOnly)]);
  const problems: StartProblem[] = [];
  if (!content.ok) problems.push(titled("The server cannot start: fix these content files.", content.problems));
  if (!flows.ok) problems.push(titled("The server cannot start: fix these flow files.", flows.problems));
  if (!content.ok || !flows.ok) return { ok: false, problems };

  const context: ContentContext = { content: content.content, library: reportLibrary(content.content), flows: flows.flows };
  const read: Partial<ContentOptions> = {};
  for (const name of Object.keys(contentTypes) as ContentTypeName[]) {
    const type: ContentType<unknown> = contentTypes[name];
    const result = await type.read(join(contentDir, type.path), context);
    if (result.ok) Object.assign(read, { [name]: result.value });
    else problems.push(titled(type.title, result.problems));
  }

  if (read.reports) {
    const sections = new Map([...read.reports.templates].map(([code, t]) => [code, t.sections]));
    const broken = checkPromises(flows.flows, sections, flows.texts);
    if (broken.length > 0) problems.push(titled("The server cannot start: a funnel promises what its report does not deliver.", broken));
  }
  // A picture a funnel or its home-page card shows must be in CONTENT_DIR/images: never a broken image.
  const imagesDir = join(contentDir, "images");
  const missingPictures = checkImages(flows.flows, await readdir(imagesDir).catch(() => []), flows.texts);
  if (missingPictures.length > 0) problems.push(titled("The server cannot start: a funnel shows a picture that is not there.", missingPictures));

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    inputs: { content: content.content, options: { ...(read as ContentOptions), flows: flows.flows, flowSources: flows.texts, contentDir, imagesDir } },
  };
}

/** The problems as the server prints them: each title, then its lines. */
export const formatStartProblems = (problems: readonly StartProblem[]) =>
  problems.map((p) => `${p.title}\n${p.lines.map((l) => `  - ${l}`).join("\n")}`).join("\n\n");
