import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../.storybook/main.ts";
import { REPORT_FILE, reportStoriesIndexer, reportStory } from "../../.storybook/report-stories.ts";

const root = join(import.meta.dirname, "..", "..");
const reportsDir = join(root, "content", "reports");
const makeTitle = (userTitle?: string) => userTitle ?? "untitled";
const index = (path: string) => reportStoriesIndexer.createIndex(path, { makeTitle });

const codes = (await readdir(reportsDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);

describe("Storybook report template stories", () => {
  it("Storybook looks for every report template, so a new one gets its story with no code", () => {
    expect(config.stories).toContain("../content/reports/*/report.@(yaml|yml)");
    expect(codes.length).toBeGreaterThan(5);
    for (const code of codes) expect(REPORT_FILE.test(join(reportsDir, code, "report.yaml"))).toBe(true);
    expect(REPORT_FILE.test(join(root, "flows", "career.yaml"))).toBe(false);
    expect(REPORT_FILE.test(join(root, "content", "catalog", "app.yaml"))).toBe(false);
  });

  describe.each(codes)("content/reports/%s", (code) => {
    const path = join(reportsDir, code, "report.yaml");

    it("is one story, its example report, under the template's title", async () => {
      const story = await reportStory(path, await readFile(path, "utf8"));
      if (!story.ok) throw new Error(`${code}: ${story.problems.map((p) => p.message).join("; ")}`);
      expect(await index(path)).toEqual([
        expect.objectContaining({
          type: "story",
          importPath: path,
          exportName: "Example",
          name: "Example report",
          __id: `reports-${code.replace(/_/g, "-")}--example`,
        }),
      ]);
      expect(story.title).toBe(`Reports/${story.document.title}`);
      expect(story.document.prompt_code).toBe(code);
      expect(story.document.cover.subtitle).toMatch(/^Example report for an imagined profile · /);
      expect(story.document.sections.length).toBeGreaterThan(0);
    });
  });

  it("the career example lists the occupations matched to its profile, as the app's does", async () => {
    const path = join(reportsDir, "career_riasec", "report.yaml");
    const story = await reportStory(path, await readFile(path, "utf8"));
    const professions = story.ok ? story.document.sections.flatMap((s) => s.blocks).find((b) => b.kind === "professions") : undefined;
    expect(professions?.kind === "professions" && professions.items.length).toBeGreaterThan(3);
  });

  it("a template no flow uses is one Problems story that says so", async () => {
    const dir = await mkdtemp(join(tmpdir(), "report-stories-"));
    try {
      const path = join(dir, "content", "reports", "no_flow_uses_this", "report.yaml");
      await mkdir(join(path, ".."), { recursive: true });
      await writeFile(path, "title: Nobody's report\n");
      expect(REPORT_FILE.test(path)).toBe(true);
      const story = await reportStory(path, "title: Nobody's report\n");
      expect(story.ok).toBe(false);
      expect(!story.ok && story.problems[0]?.message).toMatch(/no flow in flows\/ has report: no_flow_uses_this/);
      expect(await index(path)).toEqual([expect.objectContaining({ exportName: "Problems", name: "Problems" })]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
