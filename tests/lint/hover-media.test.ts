import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A touch screen keeps :hover on whatever was tapped last, so an answer card looked chosen before
 * it was. Every :hover style in the app's CSS (src/web) sits inside `@media (hover: hover)`, where
 * the device can hover. This reads every CSS file and names each :hover rule outside such a query.
 */
const ROOT = join(import.meta.dirname, "../..");
const HOVER_QUERY = /^@media\b[^{]*\(\s*hover\s*:\s*hover\s*\)/i;

/** Every :hover rule's selector that no `@media (hover: hover)` encloses, with its line. */
function hoverOutsideQuery(css: string): { line: number; selector: string }[] {
  // Comments and strings blanked, same length, so offsets still give lines and no brace inside them counts.
  const text = css.replace(/\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, (m) => m.replace(/[^\n]/g, " "));
  const found: { line: number; selector: string }[] = [];
  const open: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== "{" && c !== "}" && c !== ";") continue;
    const prelude = text.slice(start, i).trim();
    if (c === "{") {
      const atLine = text.slice(0, start + text.slice(start, i).search(/\S/)).split("\n").length;
      if (prelude.includes(":hover") && !prelude.startsWith("@") && !open.some((p) => HOVER_QUERY.test(p))) {
        found.push({ line: atLine, selector: prelude.replace(/\s+/g, " ") });
      }
      open.push(prelude);
    } else if (c === "}") open.pop();
    start = i + 1;
  }
  return found;
}

async function cssFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? cssFiles(join(dir, e.name)) : Promise.resolve(e.name.endsWith(".css") ? [join(dir, e.name)] : []))),
  );
  return nested.flat();
}

describe(":hover styles only where the device can hover", () => {
  it("finds a :hover rule outside the query, and accepts it inside, alone or with other conditions", () => {
    expect(hoverOutsideQuery(".choice:hover { color: red; }")).toEqual([{ line: 1, selector: ".choice:hover" }]);
    expect(hoverOutsideQuery("/* a:hover { } */\n.a {}\n@media (max-width: 40rem) {\n  .a:has(.b:hover),\n  .c { x: y; }\n}")).toEqual([
      { line: 4, selector: ".a:has(.b:hover), .c" },
    ]);
    expect(hoverOutsideQuery("@media (hover: hover) { .a:hover { x: y; } }")).toEqual([]);
    expect(hoverOutsideQuery("@media (max-width: 40rem) { @media (hover:hover) { .a:hover { x: y; } } }")).toEqual([]);
    expect(hoverOutsideQuery('@media (hover: hover) and (prefers-reduced-motion: reduce) { .a:hover::after { content: "}"; } }\n.b:hover {}')).toEqual([
      { line: 2, selector: ".b:hover" },
    ]);
  });

  it("every CSS file in src/web", async () => {
    const files = await cssFiles(join(ROOT, "src/web"));
    expect(files.length).toBeGreaterThan(10);
    const outside: string[] = [];
    for (const file of files) {
      for (const { line, selector } of hoverOutsideQuery(await readFile(file, "utf8"))) outside.push(`${relative(ROOT, file)}:${line} ${selector}`);
    }
    expect(outside).toEqual([]);
  });
});
