import { z } from "zod";

/**
 * A flow's topic: any id a growth author chooses, no list to extend. The ten live topics are
 * spelled as their live ad URLs spell them (`income`, `stress-level`, `emotional_intelligence`, …):
 * never rename one. Every listing of topics (home page, /api/active-prompts, /pricing) derives
 * from the loaded flows, never from code.
 */
export const topic = z.string().regex(/^[a-z][a-z0-9_-]{0,62}$/, "a topic uses lower-case letters, digits, - and _, starting with a letter (at most 63)");

export type Topic = z.infer<typeof topic>;
