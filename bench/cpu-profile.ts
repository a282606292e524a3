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
