import type { Page } from "@playwright/test";

/** What the page's own code changed in the document in a window: nodes added and removed (with all they hold), attributes, texts. */
export type DomChanges = { added: number; removed: number; attributes: number; texts: number };

type Logged = DomChanges & { at: number };

/** Starts logging every change to the page's document, with the time (performance.now()) each batch was seen. */
export async function logDomChanges(page: Page): Promise<void> {
  // (No named function inside: tsx would wrap it in a helper the page does not have.)
  await page.evaluate(() => {
    const log: Logged[] = [];
    new MutationObserver((records) => {
      const entry = { at: performance.now(), added: 0, removed: 0, attributes: 0, texts: 0 };
      for (const record of records) {
        if (record.type === "attributes") entry.attributes++;
        else if (record.type === "characterData") entry.texts++;
        for (const [nodes, key] of [
          [record.addedNodes, "added"],
          [record.removedNodes, "removed"],
        ] as const)
          for (const node of nodes) {
            const walker = document.createTreeWalker(node);
            let count = 1;
            while (walker.nextNode()) count++;
            entry[key] += count;
          }
      }
      log.push(entry);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    (window as unknown as { domChanges: Logged[] }).domChanges = log;
  });
}

/** The changes logged inside each window (performance.now() times, both ends included). */
export async function domChangesIn(page: Page, windows: { from: number; to: number }[]): Promise<DomChanges[]> {
  const log = await page.evaluate(() => (window as unknown as { domChanges: Logged[] }).domChanges);
  return windows.map(({ from, to }) =>
    log
      .filter((e) => e.at >= from && e.at <= to)
      .reduce(
        (sum, e) => ({ added: sum.added + e.added, removed: sum.removed + e.removed, attributes: sum.attributes + e.attributes, texts: sum.texts + e.texts }),
        {
          added: 0,
          removed: 0,
          attributes: 0,
          texts: 0,
        },
      ),
  );
}

/** The start and end of each step change the probe marked (bench/funnel/step-change.ts), in the page's clock. */
export async function stepChangeWindows(page: Page): Promise<{ from: number; to: number }[]> {
  return page.evaluate(() =>
    performance.getEntriesByName("step-change").map((m) => {
      const detail = (m as PerformanceMark).detail as { input: number; painted: number };
      return { from: detail.input, to: detail.painted };
    }),
  );
}
