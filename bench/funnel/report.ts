import { funnelBench } from "./run-funnel.ts";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Prints the funnel benchmark: first-load JavaScript against the bare libraries, and answer → next step painted. */
export async function printFunnelBench(): Promise<void> {
  const r = await funnelBench();
  console.log("\nFunnel first screen (Chromium, 375 px, /quiz/career_test_green)");
  console.log("| what | gzipped |");
  console.log("|---|---:|");
  for (const f of r.files) console.log(`| ${f.name} | ${kb(f.bytes)} |`);
  console.log(`| **JS before the first question can be answered** | **${kb(r.jsBytes)}** |`);
  console.log(`| react + react-dom + router + xstate + query bundled alone | ${kb(r.baseline)} |`);
  console.log(`ratio = ${r.ratio.toFixed(2)} × (target ≤ ${r.target} ×: ${r.ratio <= r.target ? "meets" : "MISSES"})`);
  console.log(`forbidden code in it (Sentry, GTM, yaml, full zod): ${r.forbidden.length ? r.forbidden.join(", ") : "none"}`);
  console.log(
    `answer → next step painted, median: Continue pressed ${ms(r.clickMedian)}; tap on an answer ${ms(r.tapMedian)} (includes the 180 ms on purpose pause that shows the choice)`,
  );
}
