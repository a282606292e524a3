/** The six interest areas of the O*NET Interest Profiler (Holland's RIASEC model), as the hero shows them. */
export const interestAreas = [
  { name: "Realistic", summary: "Hands-on, practical work" },
  { name: "Investigative", summary: "Ideas, analysis, research" },
  { name: "Artistic", summary: "Creating and self-expression" },
  { name: "Social", summary: "Helping, teaching and caring" },
  { name: "Enterprising", summary: "Leading and persuading" },
  { name: "Conventional", summary: "Order, data and detail" },
] as const;
