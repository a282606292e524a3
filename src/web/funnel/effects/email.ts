import { prepareCabinet } from "../session/quiz-session.ts";
import { failure } from "./failure.ts";
import type { StepEffect } from "./types.ts";

/** The e-mail step creates the visitor's account before the flow moves on. */
export const emailEffect: StepEffect<"email", "advance" | "setBusy" | "setError"> = {
  needs: () => [],
  answer: async (value, { advance, setBusy, setError }) => {
    if (typeof value !== "string") return advance(value);
    setBusy(true);
    try {
      await prepareCabinet(value);
      advance(value);
    } catch (e) {
      setError(failure(e, "We could not save your email address. Check your connection and try again."));
    } finally {
      setBusy(false);
    }
  },
  analysis: null,
};
