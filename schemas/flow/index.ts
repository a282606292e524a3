export * from "./condition.ts";
export * from "./experiments.ts";
export * from "./flow.ts";
export * from "./follow-ups.ts";
export * from "./scoring.ts";
export * from "./steps.ts";
export * from "./text.ts";
export * from "./step-events.ts";
