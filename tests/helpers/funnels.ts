import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { readFlows } from "#server/flows/read-flows.ts";

/**
 * Every funnel that sells a report, derived from the flows in flows/ (never a hand list): its name
 * (the flow file's), its flow file as the pattern loadTopic takes, and its report template,
 * content/reports/<report>/report.yaml.
 */
export async function reportFunnels(): Promise<{ name: string; flowFile: RegExp; template: string }[]> {
  const dir = join(process.cwd(), "flows");
  const files = (await readdir(dir)).filter((f) => /\.ya?ml$/.test(f)).sort();
  const funnels = await Promise.all(
    files.map(async (file) => {
      const flowFile = new RegExp(`^${file.replace(/[.]/g, "\\.")}$`);
      const read = await readFlows(dir, flowFile);
      if (!read.ok) throw new Error(`${file} does not load: ${read.problems.length} problems`);
      const report = read.flows[0]?.report;
      return report ? [{ name: file.replace(/\.ya?ml$/, ""), flowFile, template: `content/reports/${report}/report.yaml` }] : [];
    }),
  );
  return funnels.flat();
}
