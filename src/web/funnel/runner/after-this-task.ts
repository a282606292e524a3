/**
 * Runs `task` in a task of its own, after the one running now; the returned function cancels it.
 * A step change uses it for what the frame showing the next step does not need (the local save,
 * the answer and view calls, the address bar), so that frame is not held up by them: after an
 * input, Chromium runs such tasks once the next frame is drawn (ADR 042). A timer, not
 * requestAnimationFrame, so it still runs in a hidden tab.
 */
export function afterThisTask(task: () => void): () => void {
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
}

/** A promise settled by afterThisTask. */
export const nextTask = (): Promise<void> => new Promise((resolve) => afterThisTask(resolve));
