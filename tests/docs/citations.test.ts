import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every file a comment or a page cites must be one a reader of the repository can open. A citation
 * is a relative path ending in .md, .ts, .tsx or .yaml written in backticks, as a Markdown link
 * target or inside parentheses; it resolves against the citing file's folder or the repository's
 * root. Text pointing outside the repository (`../shared/…`, a path of this machine) is refused
 * wherever it stands. Not citations: URLs, globs and placeholders (`flows/*.yaml`,
 * `content/reports/<code>/report.yaml`), quoted strings and other code (in a code file only its
 * comments are read), a file a record says is gone (`path` (removed…)), and a page's lines after a
 * `<!-- example paths -->` marker up to the next heading (how-to pages naming files the reader is
 * about to create, or a made-up flow).
 */

const ROOT = process.cwd();
const SCANNED = ["src", "schemas", "flows", "content", "docs", "scripts", "bench", "tests", "README.md"];
const SKIPPED_DIRS = new Set(["node_modules", "generated", "dist", "dist-ssr"]);
const TEXT_FILE = /\.(?:ts|tsx|md|ya?ml|mjs)$/;
const PATH = /^(?:\.{1,2}\/)*[\w@-][\w@.-]*(?:\/[\w@.-]+)*\.(?:md|tsx?|ya?ml)$/;
// `../shared/x` is a folder of the web app from its features, and a document outside the
// repository from anywhere else. An absolute path under the folder that holds this checkout is a
// path of the machine it was built on, which no other reader has.
const MACHINE = `${dirname(ROOT)}/`;
const OUTSIDE = new RegExp(String.raw`(?<![\w.])(?:\.\.\/)+shared\/[\w@./-]*|${MACHINE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[\w@./-]+`, "g");
const CODE_FILE = /\.(?:ts|tsx|mjs)$/;
const EXAMPLE_MARKER = "<!-- example paths -->";
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

function filesUnder(path: string): string[] {
  if (!existsSync(join(ROOT, path))) return [];
  if (TEXT_FILE.test(path)) return [path];
  return readdirSync(join(ROOT, path), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(join(path, entry.name));
    return TEXT_FILE.test(entry.name) ? [join(path, entry.name)] : [];
  });
}

/** The text a path could stand in: backtick spans, link targets and parenthesised words. */
function candidates(line: string): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/`([^`]+)`/g)) found.push(m[1]!.trim());
  for (const m of line.matchAll(/\(([^()]+)\)/g)) found.push(...m[1]!.split(/[\s,;]+/));
  return found.map((c) => c.replace(/[.,:;]+$/, "").replace(/(?:#[\w-]*|(?::\d+)+)$/, ""));
}

/** What a reader reads as prose: a code file's comments, every line of any other file. */
function prose(file: string, line: string): string {
  if (!CODE_FILE.test(file)) return line;
  if (/^\s*(?:\/?\*)/.test(line)) return line;
  const comment = line.search(/(?<![:\\])\/\/ /);
  return comment < 0 ? "" : line.slice(comment);
}

/** Each citation in a file's text that names no file of the repository, as `line: path`. */
function missingCitations(file: string, text: string, exists: (path: string) => boolean): string[] {
  const missing: string[] = [];
  const found = (path: string) => exists(join(dirname(file), path)) || exists(path);
  let inExample = false;
  text.split("\n").forEach((whole, index) => {
    if (whole.includes(EXAMPLE_MARKER)) inExample = true;
    else if (/^#{1,6} /.test(whole)) inExample = false;
    const line = prose(file, whole);
    for (const [outside] of line.matchAll(OUTSIDE)) {
      const path = outside.replace(/[.,:;]+$/, "");
      if (path.startsWith(MACHINE) || !exists(join(dirname(file), path))) missing.push(`${index + 1}: ${path} (outside the repository)`);
    }
    if (inExample) return;
    for (const path of new Set(candidates(line))) {
      if (!PATH.test(path) || /^(?:\.\.\/)+shared\//.test(path) || line.includes(`\`${path}\` (removed`)) continue;
      if (!found(path)) missing.push(`${index + 1}: ${path}`);
    }
  });
  return missing;
}

const onDisk = (path: string) => existsSync(join(ROOT, path));

describe("citations", () => {
  it("every file the repository cites is in it", () => {
    const broken = SCANNED.flatMap(filesUnder)
      .filter((file) => file !== SELF)
      .flatMap((file) => missingCitations(file, readFileSync(join(ROOT, file), "utf8"), onDisk).map((m) => `${file}:${m}`));
    expect(broken).toEqual([]);
  });

  it("finds a cited file that is not there, and text pointing outside the repository", () => {
    const text = [
      "See `docs/flows.md` and (docs/nowhere.md, section 2).",
      "A [link](missing-page.md), a glob `flows/*.yaml`, a URL (https://example.com/a.md).",
      "// notes in ../shared/research/notes.md §2",
      `// as in ${MACHINE}shared/notes.md`,
    ].join("\n");
    expect(missingCitations("docs/page.md", text, onDisk)).toEqual([
      "1: docs/nowhere.md",
      "2: missing-page.md",
      "3: ../shared/research/notes.md (outside the repository)",
      `4: ${MACHINE}shared/notes.md (outside the repository)`,
    ]);
  });

  it("resolves a path against the citing file's folder, then the root, and skips marked example paths", () => {
    expect(missingCitations("docs/assessments/x.md", "`anxiety.md` and `../flows.md` and `README.md`", onDisk)).toEqual([]);
    const howTo = ["## Add a page", "<!-- example paths -->", "Create `src/web/features/goals/GoalsPage.tsx`.", "## Next", "`src/nope.ts`"];
    expect(missingCitations("docs/how-to.md", howTo.join("\n"), onDisk)).toEqual(["5: src/nope.ts"]);
  });
});
