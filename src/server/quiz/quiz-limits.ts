import type { Limit } from "../platform/rate-limiter.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the quiz calls, in one place (the rest are in ../platform/throttle.ts). Each call is limited
 * per browser (visitor cookie) or per session, tightly, and per IP only loosely: an office or a
 * mobile carrier puts hundreds of real visitors behind one address, while a script that drops its
 * cookies still meets the per-IP ceiling.
 */
export const QUIZ_LIMITS = {
  /** Starting (or re-opening) a quiz; a visitor needs one per funnel. */
  createPerVisitor: { max: 20, windowSeconds: 15 * MINUTE },
  createPerIp: { max: 300, windowSeconds: 15 * MINUTE },
  /** Answers: 40 steps, each re-answered a few times. */
  answerPerSession: { max: 400, windowSeconds: 15 * MINUTE },
  answerPerIp: { max: 12_000, windowSeconds: 15 * MINUTE },
  /** Step views, the same order of magnitude. */
  eventPerSession: { max: 400, windowSeconds: 15 * MINUTE },
  eventPerIp: { max: 12_000, windowSeconds: 15 * MINUTE },
  completePerSession: { max: 20, windowSeconds: 15 * MINUTE },
  completePerIp: { max: 600, windowSeconds: 15 * MINUTE },
  /** Resume links are 256-bit tokens; this only keeps the call cheap. */
  resumePerIp: { max: 20, windowSeconds: 15 * MINUTE },
  /** "Continue where you left off" mail: past these the answer is saved but no mail goes out. */
  resumeMailPerIp: { max: 10, windowSeconds: HOUR },
  resumeMailPerAddress: { max: 3, windowSeconds: 24 * HOUR },
} satisfies Record<string, Limit>;
