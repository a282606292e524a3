import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "#engine/yaml/parse-located.ts";
import { readFlows } from "#server/flows/read-flows.ts";

/**
 * A step's illustration is shown whole, on its own, with rounded corners: a circle its edge cuts
 * reads as a mistake (the career intro's two background circles did). Every image a funnel's steps
 * show (content/images, served at /content-images/) keeps each circle and ellipse inside its viewBox.
 */
const ROOT = join(import.meta.dirname, "../..");
const PREFIX = "/content-images/";

const number = (attrs: string, name: string) => Number(new RegExp(`\\b${name}="([-\\d.]+)"`).exec(attrs)?.[1] ?? 0);

/** Each circle or ellipse of an SVG that reaches past its viewBox (its stroke included). */
function cutShapes(svg: string): string[] {
  const [x0, y0, width, height] = /viewBox="([^"]+)"/.exec(svg)![1]!.split(/[\s,]+/).map(Number) as [number, number, number, number];
  const cut: string[] = [];
  for (const [shape, kind, attrs] of svg.matchAll(/<(circle|ellipse)\b([^>]*)>/g)) {
    const stroke = /\bstroke="(?!none)/.test(attrs!) ? number(attrs!, "stroke-width") / 2 : 0;
    const rx = (kind === "circle" ? number(attrs!, "r") : number(attrs!, "rx")) + stroke;
    const ry = (kind === "circle" ? number(attrs!, "r") : number(attrs!, "ry")) + stroke;
    const [cx, cy] = [number(attrs!, "cx"), number(attrs!, "cy")];
    if (cx - rx < x0 || cy - ry < y0 || cx + rx > x0 + width || cy + ry > y0 + height) cut.push(shape);
  }
  return cut;
}

/** The `src` of every `image` under the flow's steps. */
function stepImages(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v: unknown) => stepImages(v));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]): string[] => {
    const src = key === "image" && v !== null && typeof v === "object" ? (v as { src?: unknown }).src : undefined;
    return typeof src === "string" ? [src] : stepImages(v);
  });
}

const flows = await readFlows(join(ROOT, "flows"));
if (!flows.ok) throw new Error(flows.problems.map(formatProblem).join("\n"));
const images = [...new Set(flows.flows.flatMap((f) => stepImages(f.steps)))].filter((src) => src.startsWith(PREFIX) && src.endsWith(".svg"));

describe("step illustrations show their circles whole", () => {
  it("finds a circle past the edge, its stroke counted, and passes one inside", () => {
    const svg = (shape: string) => `<svg viewBox="0 0 800 450">${shape}</svg>`;
    expect(cutShapes(svg('<circle cx="110" cy="380" r="150"/>'))).toHaveLength(1);
    expect(cutShapes(svg('<circle cx="150" cy="330" r="100"/><ellipse cx="400" cy="318" rx="40" ry="8"/>'))).toEqual([]);
    expect(cutShapes(svg('<circle cx="760" cy="100" r="38" stroke="#000" stroke-width="10"/>'))).toHaveLength(1);
  });

  it("the funnels' steps show illustrations", () => {
    expect(images.length).toBeGreaterThan(0);
  });

  for (const src of images) {
    it(src, async () => {
      expect(cutShapes(await readFile(join(ROOT, "content/images", src.slice(PREFIX.length)), "utf8"))).toEqual([]);
    });
  }
});
