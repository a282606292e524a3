import { z } from "zod";

/** An id inside a tool's config (a card, a pile, a category, a field): lower-case words joined by - or _. */
export const itemId = z
  .string()
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "use lower-case letters, digits and single - or _ between them")
  .max(40);

/** Text the customer typed: trimmed, printable, bounded. */
export const typed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => ![...s].some((ch) => isControl(ch.charCodeAt(0))), "must not contain control characters");

/** C0 controls other than tab, line feed and carriage return, and DEL. */
const isControl = (code: number) => (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;

/** Ids listed in a config must be unique. */
export function uniqueIds<T extends { id: string }>(items: T[], ctx: z.RefinementCtx, where: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: "custom", path: [where, index, "id"], message: `"${item.id}" is used twice` });
    seen.add(item.id);
  });
}
