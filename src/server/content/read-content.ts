import { readdir, readFile } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import type { z } from "zod";
import { articleFrontMatter } from "#schemas/content/article.ts";
import { catalogFile } from "#schemas/content/catalog.ts";
import { eduPlanFile } from "#schemas/content/edu-plan.ts";
import { productsFile, type ProductContent } from "#schemas/content/product.ts";
import { professionContent, type ProfessionContent } from "#schemas/content/profession.ts";
import { toolFrontMatter } from "#schemas/content/tool.ts";
import { parseFrontMatter, type WithBody } from "#engine/yaml/front-matter.ts";
import { parseLocated, type Located, type Problem } from "#engine/yaml/parse-located.ts";

export type ContentSet = {
  catalog: { code: string; text: string; file: string }[];
  plans: (z.output<typeof eduPlanFile> & { file: string })[];
  articles: (WithBody<z.output<typeof articleFrontMatter>> & { file: string })[];
  tools: (WithBody<z.output<typeof toolFrontMatter>> & { file: string })[];
  /** Plans for sale (content/products/*.yaml). */
  products: (ProductContent & { file: string })[];
  /** Occupations (content/professions/<slug>.yaml). */
  professions: (ProfessionContent & { file: string })[];
};

export type ContentResult = { ok: true; content: ContentSet } | { ok: false; problems: Problem[] };

async function filesIn(dir: string, extension: string): Promise<string[]> {
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? [] : Promise.reject(e)));
  return names.filter((n) => n.endsWith(extension)).sort().map((n) => join(dir, n));
}

/** Reads and validates every file under content/, collecting all problems instead of stopping at the first. */
export async function readContent(root: string): Promise<ContentResult> {
  const problems: Problem[] = [];
  const content: ContentSet = { catalog: [], plans: [], articles: [], tools: [], products: [], professions: [] };
  const texts = new Map<string, string>();
  const load = async <T>(dir: string, ext: string, parse: (file: string, text: string) => Located<T>, push: (v: T, file: string) => void) => {
    for (const path of await filesIn(join(root, dir), ext)) {
      const file = relative(process.cwd(), path);
      const text = await readFile(path, "utf8");
      texts.set(file, text);
      const result = parse(file, text);
      if (result.ok) push(result.value, file);
      else problems.push(...result.problems);
    }
  };
  await load("catalog", ".yaml", (f, t) => parseLocated(f, t, catalogFile), (v, file) => {
    for (const [code, text] of Object.entries(v)) content.catalog.push({ code, text, file });
  });
  await load("plans", ".yaml", (f, t) => parseLocated(f, t, eduPlanFile), (v, file) => content.plans.push({ ...v, file }));
  await load("articles", ".md", (f, t) => parseFrontMatter(f, t, articleFrontMatter), (v, file) => content.articles.push({ ...v, file }));
  await load("tools", ".md", (f, t) => parseFrontMatter(f, t, toolFrontMatter), (v, file) => content.tools.push({ ...v, file }));
  await load("products", ".yaml", (f, t) => parseLocated(f, t, productsFile), (v, file) => {
    for (const product of v.products) content.products.push({ ...product, file });
  });
  await load("professions", ".yaml", (f, t) => parseLocated(f, t, professionContent), (v, file) => content.professions.push({ ...v, file }));

  /** The line of a top-level `field:` in a file (1 when not found). */
  const lineOf = (file: string, field: string) => {
    const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const index = (texts.get(file) ?? "").split(/\r?\n/).findIndex((l) => new RegExp(`^["']?${escaped}["']?\\s*:`).test(l));
    return index >= 0 ? index + 1 : 1;
  };
  const unique = <T>(items: T[], key: (t: T) => string | number, file: (t: T) => string, what: string, field: (t: T) => string) => {
    const seen = new Map<string | number, string>();
    for (const item of items) {
      const k = key(item);
      const first = seen.get(k);
      const path = field(item);
      if (first) problems.push({ file: file(item), line: lineOf(file(item), path), column: 1, path, message: `${what} ${k} is also used by ${first}` });
      else seen.set(k, file(item));
    }
  };
  unique(content.catalog, (c) => c.code, (c) => c.file, "catalogue code", (c) => c.code);
  unique(content.plans, (p) => p.id, (p) => p.file, "plan id", () => "id");
  unique(content.plans, (p) => p.code, (p) => p.file, "plan code", () => "code");
  unique(content.articles, (a) => a.data.id, (a) => a.file, "article id", () => "id");
  unique(content.articles, (a) => a.data.slug, (a) => a.file, "article slug", () => "slug");
  unique(content.tools, (t) => t.data.id, (t) => t.file, "tool id", () => "id");
  unique(content.tools, (t) => t.data.name, (t) => t.file, "tool name", () => "name");
  unique(content.products, (p) => p.id, (p) => p.file, "product id", () => "products");
  unique(content.professions, (p) => p.slug, (p) => p.file, "profession slug", () => "slug");
  unique(content.professions, (p) => p.onet_soc, (p) => p.file, "O*NET-SOC code", () => "onet_soc");
  for (const p of content.professions.filter((p) => basename(p.file) !== `${p.slug}.yaml`)) {
    problems.push({ file: p.file, line: lineOf(p.file, "slug"), column: 1, path: "slug", message: `the file must be named ${p.slug}.yaml, after its slug` });
  }

  return problems.length > 0 ? { ok: false, problems } : { ok: true, content };
}
