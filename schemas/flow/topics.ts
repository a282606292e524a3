/**
 * Funnel topics, spelled as the live ad URLs spell them (`/{topic}` is a topic funnel's path
 * prefix): do not rename. `career` is the default funnel, on the spec's generic paths.
 * Zod-free, so browser code can use it.
 */
export const topicFunnelSlugs = [
  "income",
  "switch",
  "burnout",
  "stress-level",
  "time-management",
  "emotional_intelligence",
  "work_life",
  "true-calling",
  "anxiety",
] as const;

export const topics = ["career", ...topicFunnelSlugs] as const;
