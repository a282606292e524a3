import { reportTemplate, templateBlock } from "#schemas/report/template.ts";
import { knownHint } from "../yaml/did-you-mean.ts";
import { schemaProblems, type LocatedYaml, type Problem } from "../yaml/parse-located.ts";

/**
 * How a report template's mistakes are told: one problem per mistake, at its place, with the
 * section and block it is in and a hint. Used by the template check (check-template.ts).
 */

type Issue = Parameters<typeof schemaProblems>[3][number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A block's kind is its one key other than `when` (and a list's `numbered`): paragraph, list, strengths, … */
const BLOCK_KINDS: readonly string[] = templateBlock.options.map((o) => Object.keys(o.shape).find((k) => k !== "when")!);
const BLOCK_EXTRAS = ["when", "numbered"];

/**
 * A block matching none of the forms: zod can only say "no form fits", so the block is read by
 * the kind its keys name, and only that kind's problems are told (one block, one kind).
 */
function blockProblems(file: string, yaml: LocatedYaml, path: (string | number)[], block: unknown): Problem[] {
  const at = (p: (string | number)[], message: string, hint?: string, key = true): Problem => ({
    file,
    ...yaml.locate(p, key ? "key" : "value"),
    path: p.join("."),
    message,
    ...(hint ? { hint } : {}),
  });
  if (!isRecord(block)) return [at(path, `a block is a map with one of ${BLOCK_KINDS.join(", ")}`, undefined, false)];
  const keys = Object.keys(block);
  const kinds = keys.filter((k) => BLOCK_KINDS.includes(k));
  if (kinds.length > 1) return [at([...path, kinds[1]!], `one block has two kinds, ${kinds.join(" and ")}`, `start a new block with "- " for the ${kinds[1]}`)];
  if (kinds.length === 0) {
    const unknown = keys.filter((k) => !BLOCK_EXTRAS.includes(k));
    if (unknown.length === 0) return [at(path, `a block needs one of ${BLOCK_KINDS.join(", ")}`, undefined, false)];
    return unknown.map((key) => at([...path, key], `unknown block "${key}"`, knownHint(key, BLOCK_KINDS, "a block is one of")));
  }
  const kind = kinds[0]!;
  const form = templateBlock.options.find((o) => kind in o.shape)!;
  const result = form.safeParse(block);
  if (result.success) return [];
  const issues: Issue[] = result.error.issues.map((i) => ({ ...i, path: [...path, ...i.path] }));
  const kindAt = [...path, kind].join(".");
  return schemaProblems(file, yaml, reportTemplate, issues).map((p) => {
    if (p.hint) return p;
    if (p.message.startsWith("unknown key"))
      return { ...p, hint: `a ${kind} block takes ${[kind, ...Object.keys(form.shape).filter((k) => k !== kind)].join(", ")}` };
    // `strengths: 2` for `strengths: { top: 2 }`: say what the kind's settings are.
    const settings = form.shape[kind as keyof typeof form.shape] as unknown as { shape?: Record<string, unknown> };
    if (p.path === kindAt && settings.shape && /expected object/.test(p.message))
      return { ...p, hint: `${kind} takes { ${Object.keys(settings.shape).join(", ")} }; docs/reports.md lists every block` };
    return p;
  });
}

/**
 * Every schema problem of a template, one per mistake (a misspelt key is told once, by
 * schemaProblems); blocks are read by their kind.
 */
export function templateSchemaProblems(file: string, yaml: LocatedYaml, issues: readonly Issue[]): Problem[] {
  const data = yaml.data;
  const sections = isRecord(data) && Array.isArray(data.sections) ? (data.sections as unknown[]) : [];
  // Any issue inside a block is told by reading the block as the kind it names: zod, trying every
  // form, may report the keys of another form (e.g. "unknown key list" for a list with a bad item).
  const blocks = new Map<string, [number, number]>();
  const rest: Issue[] = [];
  for (const issue of issues) {
    const [top, si, key, bi] = issue.path;
    if (top === "sections" && key === "blocks" && typeof si === "number" && typeof bi === "number") blocks.set(`${si}.${bi}`, [si, bi]);
    else rest.push(issue);
  }
  const problems = [...blocks.values()].flatMap(([si, bi]) => {
    const section = sections[si];
    const block = isRecord(section) && Array.isArray(section.blocks) ? (section.blocks as unknown[])[bi] : undefined;
    return blockProblems(file, yaml, ["sections", si, "blocks", bi], block);
  });
  return [...schemaProblems(file, yaml, reportTemplate, rest), ...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The section and block a path is in, as an author names them: `section symptoms, block 2 (list)`. */
export function templatePart(data: unknown, path: string): string | undefined {
  const [top, si, blocks, bi] = path.split(".");
  if (top !== "sections" || si === undefined || !isRecord(data) || !Array.isArray(data.sections)) return undefined;
  const section = data.sections[Number(si)] as unknown;
  const id = isRecord(section) && typeof section.id === "string" ? section.id : `${Number(si) + 1}`;
  if (blocks !== "blocks" || bi === undefined) return `section ${id}`;
  const block = isRecord(section) && Array.isArray(section.blocks) ? (section.blocks[Number(bi)] as unknown) : undefined;
  const kind = isRecord(block) ? Object.keys(block).find((k) => BLOCK_KINDS.includes(k)) : undefined;
  return `section ${id}, block ${Number(bi) + 1}${kind ? ` (${kind})` : ""}`;
}
