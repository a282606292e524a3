import { z } from "zod";

const careerToolkitItem = z.object({
  type: z.enum(["plan", "article", "tool"]),
  title: z.string(),
  text: z.string().describe("The item's own summary"),
  why: z.string().describe("Why it belongs at this stage"),
  href: z.string().describe("Where it is in the account"),
});

const careerToolkit = z.object({
  title: z.string(),
  intro: z.array(z.string()),
  stages: z.array(z.object({ id: z.string(), title: z.string(), summary: z.string(), items: z.array(careerToolkitItem) })),
});
export type CareerToolkit = z.infer<typeof careerToolkit>;

export const careerToolkitOne = z.object({ data: careerToolkit });
