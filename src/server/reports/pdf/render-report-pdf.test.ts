// @vitest-environment node
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { readPdf, type ReadPdf } from "#tests/helpers/read-pdf.ts";
import { reportDocument, type ReportDocument } from "#schemas/report/document.ts";
import { renderReportPdf } from "./render-report-pdf.ts";
import { margins } from "./theme.ts";

// The unit project's shared setup (src/web/test/setup.ts) clears web storage after every test; Node has none.
for (const name of ["localStorage", "sessionStorage"]) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: { clear: () => undefined }, configurable: true });
}

const fixture = (name: string): ReportDocument =>
  reportDocument.parse(JSON.parse(readFileSync(new URL(`../../../../tests/fixtures/reports/${name}`, import.meta.url), "utf8")));
const career = fixture("career-document.json");
const extreme = fixture("extreme-document.json");
const appOrigin = "https://pathwise.example";
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

function blocksOf<K extends ReportDocument["sections"][number]["blocks"][number]["kind"]>(doc: ReportDocument, kind: K) {
  return doc.sections.flatMap((s) => s.blocks).filter((b): b is Extract<typeof b, { kind: K }> => b.kind === kind);
}

describe("renderReportPdf: the career report", () => {
  let bytes: Buffer;
  let pdf: ReadPdf;
  beforeAll(async () => {
    bytes = await renderReportPdf(career, { paper: "a4", appOrigin });
    pdf = await readPdf(bytes);
  }, 60_000);

  it("is an A4 PDF with a cover and numbered pages", () => {
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.pages.length).toBeGreaterThan(5);
    for (const page of pdf.pages) {
      expect(page.width).toBeCloseTo(595.28, 2);
      expect(page.height).toBeCloseTo(841.89, 2);
    }
    expect(pdf.pages[0]!.text).not.toMatch(/Page 1 of/);
    pdf.pages.slice(1).forEach((page, i) => expect(page.text).toContain(`Page ${i + 2} of ${pdf.pages.length}`));
    expect(pdf.info.Title).toBe(career.title);
  });

  it("puts the title, the first name, the subtitle and the summary on the cover", () => {
    const cover = pdf.pages[0]!.text;
    expect(cover).toContain(career.title);
    expect(cover).toContain("Prepared for Maya");
    expect(cover).toContain(career.cover.subtitle);
    expect(cover).toContain(squash(career.summary));
  });

  it("has every section title, and none at the foot of a page", () => {
    for (const section of career.sections) {
      expect(pdf.text).toContain(section.title);
      const page = pdf.pages.slice(1).find((p) => p.items.some((i) => i.str === section.title))!;
      const title = page.items.find((i) => i.str === section.title)!;
      // PDF y grows upwards: the title sits well above the bottom margin.
      expect(title.y).toBeGreaterThan(margins.bottom + 120);
    }
  });

  it("writes every scale's name with its percent as text beside the chart", () => {
    for (const chart of blocksOf(career, "scale_chart")) {
      for (const scale of chart.scales) expect(pdf.text).toContain(`${scale.name} ${scale.percent}%`);
    }
    for (const detail of blocksOf(career, "scale_detail")) expect(pdf.text).toContain(`${detail.scale.name} ${detail.scale.percent}%`);
  });

  it("shows the code's letters with their names and the ties sentence", () => {
    const [code] = blocksOf(career, "profile_code");
    for (const l of code!.letters) expect(pdf.text).toContain(`${l.letter} ${l.name} ${l.percent}%`);
    expect(pdf.text).toContain(squash(code!.ties!));
  });

  it("gives each profession its title, match, code, education and U.S. pay with its source", () => {
    const [block] = blocksOf(career, "professions");
    for (const p of block!.items) {
      expect(pdf.text).toContain(`${p.title} ${p.match}% match`);
      expect(pdf.text).toContain(`Interest code ${p.code}`);
      expect(pdf.text).toContain(p.education);
      if (p.pay) expect(pdf.text).toContain(`Median US$${p.pay.median_annual_usd.toLocaleString("en-US")} a year`);
    }
    expect(pdf.text).toContain("Source: U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2024");
  });

  it("lists the sources with their addresses, and makes links absolute and clickable", () => {
    const [sources] = blocksOf(career, "sources");
    for (const s of sources!.items) {
      expect(pdf.text).toContain(squash(s.text));
      if (s.url) expect(pdf.text).toContain(s.url);
    }
    const links = pdf.pages.flatMap((p) => p.links);
    expect(links).toContain("https://pathwise.example/account/plans/career-clarity-7-days");
    expect(links).toContain("https://pathwise.example/account/professions/clinical-and-counselling-psychologist?result=r_7f3k2q");
    expect(links).toContain("https://www.onetcenter.org/database.html");
  });

  it("embeds its own fonts, never a standard PDF font", () => {
    const raw = bytes.toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSans3/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSerif4/);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it("gives the same bytes for the same document, dated by the report", async () => {
    const again = await renderReportPdf(structuredClone(career), { paper: "a4", appOrigin });
    expect(again.equals(bytes)).toBe(true);
    expect(pdf.info.CreationDate).toBe("D:20261123140500Z");
    const later = await renderReportPdf({ ...career, cover: { ...career.cover, date: "2026-11-24T09:00:00.000Z" } }, { paper: "a4", appOrigin });
    expect(later.equals(bytes)).toBe(false);
  });
});

describe("renderReportPdf: paper sizes", () => {
  it("renders US Letter at 612 × 792 pt", async () => {
    const pdf = await readPdf(await renderReportPdf(career, { paper: "letter", appOrigin }));
    for (const page of pdf.pages) {
      expect(page.width).toBe(612);
      expect(page.height).toBe(792);
    }
    expect(pdf.text).toContain("Prepared for Maya");
  });

  it("leaves out the 'Prepared for' line when there is no first name", async () => {
    const pdf = await readPdf(await renderReportPdf({ ...career, cover: { ...career.cover, first_name: null } }, { paper: "a4", appOrigin }));
    expect(pdf.pages[0]!.text).not.toContain("Prepared for");
  });
});

describe("renderReportPdf: extreme content", () => {
  for (const paper of ["a4", "letter"] as const) {
    it(`renders long names, 30 professions and empty parts on ${paper} with all text inside the page`, async () => {
      const pdf = await readPdf(await renderReportPdf(extreme, { paper, appOrigin }));
      expect(pdf.text).toContain("Zoë Łukasiewicz-O’Neill");
      const [block] = blocksOf(extreme, "professions");
      expect(block!.items).toHaveLength(30);
      for (const p of block!.items) expect(pdf.text).toContain(`${p.match}% match`);
      for (const page of pdf.pages) {
        for (const item of page.items) {
          expect.soft(item.x, item.str).toBeGreaterThanOrEqual(margins.side - 0.5);
          expect.soft(item.x + item.width, item.str).toBeLessThanOrEqual(page.width - margins.side + 0.5);
          expect.soft(item.y, item.str).toBeGreaterThan(margins.footer - 1);
          expect.soft(item.y + item.height, item.str).toBeLessThan(page.height - 30);
        }
      }
      expect(pdf.pages.flatMap((p) => p.links).some((url) => url.startsWith("javascript:"))).toBe(false);
    }, 60_000);
  }
});
