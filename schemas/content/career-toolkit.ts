import { z } from "zod";
import { slug } from "./common.ts";

/** A piece of account content: `plan:<code>`, `article:<slug>` or `tool:<name>` (the same references report templates use). */
const contentRef = z.string().regex(/^(plan|article|tool):[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "write plan:<code>, article:<slug> or tool:<name>");

/** content/career-toolkit/career-toolkit.yaml: the account's career content in stages, each item with why it belongs there. */
export const careerToolkitFile = z.strictObject({
  title: z.string().min(3).max(80),
  intro: z.array(z.string().min(20).max(600)).min(1).max(3),
  stages: z
    .array(
      z.strictObject({
        id: slug,
        title: z.string().min(3).max(80),
        summary: z.string().min(20).max(300),
        items: z
          .array(z.strictObject({ ref: contentRef, why: z.string().min(20).max(300) }))
          .min(2)
          .max(8),
      }),
    )
    .min(2)
    .max(8),
});
