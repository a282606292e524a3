import { useCallback, useState } from "react";

/**
 * Whether an answer is being handled, and the problem to show. A problem belongs to the step it is
 * about: a checkout may send the visitor back to the e-mail step with the problem shown there.
 */
export function useStepProblem(stepId: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ step: string; message: string } | null>(null);
  const error = problem?.step === stepId ? problem.message : null;
  const setError = useCallback((message: string | null, at: string = stepId) => setProblem(message ? { step: at, message } : null), [stepId]);
  return { busy, setBusy, error, setError };
}
