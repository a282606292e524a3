let done: Promise<unknown> = Promise.resolve();

/**
 * Holds what a hydrated funnel's first screen does without (the flow's machine, ADR 080) until
 * `when`: the page's load event and the app's start (src/web/main.tsx). Without it, as on a page
 * drawn in the browser or reached later, nothing is held.
 */
export function holdUntilFirstScreenDone(when: Promise<unknown>): void {
  done = when;
}

/** Settles once the first screen is done (holdUntilFirstScreenDone), at once if nothing held it. */
export const afterFirstScreen = (): Promise<unknown> => done;
