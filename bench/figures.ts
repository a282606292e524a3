// The benchmark's figures and their budgets: one place that says what "fast enough" means.
import { cpus, totalmem } from "node:os";
import { ofRounds, type Spread } from "./rounds.ts";

export type Budget = { op: "<=" | ">=" | "=="; limit: number };
export type Figure = {
  id: string;
  group: string;
  label: string;
  value: number | null;
  unit: string;
  budget: Budget | null;
  /** null: no budget, or not measured (see note). */
  pass: boolean | null;
  note?: string;
  /** A figure measured in rounds (ADR 074): `value` is their median, this how far they spread. */
  spread?: Spread;
};

export const budget = {
  max: (limit: number): Budget => ({ op: "<=", limit }),
  min: (limit: number): Budget => ({ op: ">=", limit }),
  exactly: (limit: number): Budget => ({ op: "==", limit }),
};

/** A measured figure, with its verdict against the budget. */
export function figure(group: string, id: string, label: string, value: number | null, unit: string, b: Budget | null = null, note?: string): Figure {
  const pass =
    b === null || value === null || Number.isNaN(value) ? null : b.op === "<=" ? value <= b.limit : b.op === ">=" ? value >= b.limit : value === b.limit;
  return { id, group, label, value, unit, budget: b, pass, ...(note ? { note } : {}) };
}

/** A figure measured in rounds (bench/rounds.ts): the median of the per-round values, judged against the budget, with their spread. */
export function figureOfRounds(
  group: string,
  id: string,
  label: string,
  rounds: readonly number[],
  unit: string,
  b: Budget | null = null,
  note?: string,
): Figure {
  const { median, spread } = ofRounds(rounds);
  return { ...figure(group, id, label, median, unit, b, note), spread };
}

export function machine() {
  return {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    at: new Date().toISOString(),
  };
}

const num = (v: number, unit: string) => v.toLocaleString("en-US", { maximumFractionDigits: unit === "×" || unit === "ratio" ? 2 : 1 });
const fmt = (v: number | null, unit: string) => (v === null || Number.isNaN(v) ? "—" : `${num(v, unit)}${unit ? ` ${unit}` : ""}`);

/** " (min–max of N rounds)" beside a figure measured in rounds, else nothing. */
export function spreadOf(f: Pick<Figure, "spread" | "unit">): string {
  if (!f.spread) return "";
  const { min, max, rounds } = f.spread;
  return ` (${num(min, f.unit)}–${num(max, f.unit)}, ${rounds} rounds)`;
}

/** The table `npm run bench` prints. */
export function table(figures: Figure[]): string {
  const lines = ["| group | figure | value | budget | |", "|---|---|---:|---:|---|"];
  for (const f of figures) {
    const b = f.budget ? `${f.budget.op === "==" ? "=" : f.budget.op === "<=" ? "≤" : "≥"} ${fmt(f.budget.limit, f.unit)}` : "";
    const verdict = f.pass === null ? (f.budget ? "not measured" : "") : f.pass ? "pass" : "**MISS**";
    lines.push(`| ${f.group} | ${f.label}${f.note ? ` (${f.note})` : ""} | ${fmt(f.value, f.unit)}${spreadOf(f)} | ${b} | ${verdict} |`);
  }
  return lines.join("\n");
}
