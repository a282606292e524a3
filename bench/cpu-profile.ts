// Reads a V8 CPU profile (node --cpu-prof) cropped to a time window: the functions with the most
// self time, and the stacks folded for a flame graph (one "frame;frame;frame count" line per stack,
// the input of flamegraph.pl and speedscope). Used by bench/answer-save.ts (ADR 041).
import { readFile } from "node:fs/promises";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; parent?: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** The monotonic clock (µs) the V8 profiler stamps its samples with (process.hrtime in another process). */
export type ProfiledWindow = { fromUs: number; toUs: number };
export type Frame = { frame: string; selfMs: number; share: number };

const short = (url: string) => url.replace(/^file:\/\/.*\/node_modules\//, "").replace(/^file:\/\/.*?\/(src|bench)\//, "$1/");
const label = (n: Node) => `${n.callFrame.functionName || "(anonymous)"}${n.callFrame.url ? ` ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : ""}`;

/** Self time per function (all its nodes added up) within the windows of the profiler's clock (all of it without). */
export async function readCpuProfile(file: string, windows: ProfiledWindow[] = []) {
  const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const self = new Map<string, number>();
  const stacks = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (windows.length && !windows.some((w) => at >= w.fromUs && at <= w.toUs)) return;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id)!;
    const name = label(node);
    self.set(name, (self.get(name) ?? 0) + delta);
    total += delta;
    const stack: string[] = [];
    for (let n: Node | undefined = node; n; n = n.parent === undefined ? undefined : byId.get(n.parent)) stack.push(label(n).replaceAll(";", ","));
    const folded = stack.reverse().join(";");
    stacks.set(folded, (stacks.get(folded) ?? 0) + delta);
  });
  const top = (count: number): Frame[] =>
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([frame, us]) => ({ frame, selfMs: us / 1000, share: total ? us / total : 0 }));
  const folded = () => [...stacks].map(([stack, us]) => `${stack} ${Math.round(us)}`).join("\n");
  return { totalMs: total / 1000, top, folded };
}

type Tree = { name: string; us: number; children: Map<string, Tree> };
const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/** A flame graph (SVG, root at the bottom) of folded stacks; frames under 0.1 % of the width are left out. */
export function flameGraphSvg(folded: string, title: string): string {
  const root: Tree = { name: "all", us: 0, children: new Map() };
  for (const line of folded.split("\n")) {
    const at = line.lastIndexOf(" ");
    const us = Number(line.slice(at + 1));
    if (!line || !us) continue;
    root.us += us;
    let node = root;
    for (const frame of line.slice(0, at).split(";")) {
      let child = node.children.get(frame);
      if (!child) node.children.set(frame, (child = { name: frame, us: 0, children: new Map() }));
      child.us += us;
      node = child;
    }
  }
  const width = 1600;
  const row = 16;
  const rects: string[] = [];
  let depth = 0;
  const draw = (node: Tree, x: number, level: number) => {
    const w = (node.us / root.us) * width;
    if (w < width / 1000) return;
    depth = Math.max(depth, level);
    // Ours blue, Node's grey, libraries orange.
    const where = node.name.split(" ")[1] ?? "";
    const fill = /^(src|bench)\//.test(where)
      ? "hsl(210,70%,70%)"
      : where.startsWith("node:") || node.name.startsWith("(") || !where
        ? "hsl(0,0%,80%)"
        : "hsl(30,80%,68%)";
    const label = w > 40 ? escapeXml(node.name.slice(0, Math.floor(w / 7))) : "";
    rects.push(
      `<g><title>${escapeXml(node.name)} — ${(node.us / 1000).toFixed(0)} ms (${((node.us / root.us) * 100).toFixed(1)} %)</title>` +
        `<rect x="${x.toFixed(1)}" y="LEVEL${level}" width="${w.toFixed(1)}" height="${row - 1}" fill="${fill}" stroke="white" stroke-width="0.5"/>` +
        (label ? `<text x="${(x + 3).toFixed(1)}" y="TEXT${level}">${label}</text>` : "") +
        `</g>`,
    );
    let cx = x;
    for (const child of [...node.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      draw(child, cx, level + 1);
      cx += (child.us / root.us) * width;
    }
  };
  draw(root, 0, 0);
  const height = (depth + 3) * row;
  const body = rects
    .join("\n")
    .replace(/y="LEVEL(\d+)"/g, (_, l: string) => `y="${height - (Number(l) + 1) * row}"`)
    .replace(/y="TEXT(\d+)"/g, (_, l: string) => `y="${height - Number(l) * row - 4}"`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="11">
<text x="4" y="14" font-size="13">${escapeXml(title)}</text>
${body}
</svg>
`;
}
