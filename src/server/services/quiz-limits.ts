import type { Limit } from "./rate-limiter.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit of the quiz calls, in one place (the rest are in throttle.ts). */
export const QUIZ_LIMITS = {
  /** Starting (or re-opening) a quiz; a visitor needs one per funnel. */
  createPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  /** Answers: 40 steps, re-answered, by a few people behind one address. */
  answerPerIp: { max: 600, windowSeconds: 15 * MINUTE },
  /** Step views, the same order of magnitude. */
  eventPerIp: { max: 600, windowSeconds: 15 * MINUTE },
  completePerIp: { max: 60, windowSeconds: 15 * MINUTE },
  /** Resume links are 256-bit tokens; this only keeps the call cheap. */
  resumePerIp: { max: 20, windowSeconds: 15 * MINUTE },
  /** "Continue where you left off" mail: past these the answer is saved but no mail goes out. */
  resumeMailPerIp: { max: 10, windowSeconds: HOUR },
  resumeMailPerAddress: { max: 3, windowSeconds: 24 * HOUR },
} satisfies Record<string, Limit>;
