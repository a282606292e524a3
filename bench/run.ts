// `npm run bench`: prints each benchmark with its target. Numbers, not pass/fail tests.
import { apiThroughput } from "./api-throughput.ts";

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

console.log("API throughput (16 keep-alive connections, 6 s after a 2 s warm-up, server in its own process)");
const api = await apiThroughput();
console.log("| endpoint | req/s | p50 ms | p99 ms | errors |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, r] of api.rows) console.log(`| ${name} | ${fmt(r.rps)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} |`);
const verdict = api.ratio >= api.target ? "meets" : "MISSES";
console.log(`catalogue / bare Fastify = ${fmt(api.ratio * 100, 1)} % (target ≥ ${api.target * 100} %: ${verdict})`);

const { printPaymentsBench } = await import("./payments.ts");
await printPaymentsBench();

const { printFunnelBench } = await import("./funnel/report.ts");
await printFunnelBench();
