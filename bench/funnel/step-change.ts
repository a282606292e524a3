import type { Page } from "@playwright/test";

/** One answer → next step change, in ms from the visitor's input (the input's own timestamp). */
export type StepChangeSample = {
  /** How the answer was given: Enter on Continue, a click on Continue, or a tap on a choice (auto-advance after 180 ms). */
  by: "enter" | "click" | "tap";
  /** The frame showing the next step has been drawn by the page (its rendering work done). */
  painted: number;
  /** The next step's elements are in the page (input delay + handlers + React's commit). */
  committed: number;
  /** That frame began (its requestAnimationFrame callbacks ran). */
  frame: number;
  /**
   * Frames the page began after the input before the one that shows the next step: 0 when the next
   * step is in the first frame after the input, whatever the wait for that frame (issue 31, ADR 042).
   */
  framesLate: number;
  /** Chromium's Event Timing for the input: start → next paint presented (rounded to 8 ms); null when under 16 ms (not reported). */
  eventTiming: number | null;
  /** Event Timing again: start → the input's handlers and their microtasks done (input delay + processing, not rounded). */
  processed: number | null;
};

type PageProbe = {
  arm: () => void;
  input: number;
  result: Promise<{ input: number; committed: number; frame: number; painted: number; framesLate: number }>;
  entries: { name: string; startTime: number; duration: number; processingEnd: number }[];
};

/**
 * Answers `answers` choice questions of the funnel open in `page` (past the first step), as a
 * visitor does: trusted input from Playwright, never a click dispatched by a script. Each sample
 * runs from the input event's own timestamp (taken by the browser when the key or button was
 * released, so any wait before the page handles it counts) to the end of the rendering work of the
 * first frame that shows the next step's title and body. Where in the frame the input lands is as
 * random as a visitor's, so the wait for the next frame is in the figure, as a visitor sees it.
 * Event Timing's own view of the same input (start → paint presented) is kept next to it.
 */
export async function measureStepChanges(page: Page, answers: number): Promise<StepChangeSample[]> {
  await installProbe(page);
  const submit = page.locator("main form button[type=submit]");
  const samples: Omit<StepChangeSample, "eventTiming" | "processed">[] = [];
  const starts: number[] = [];
  for (let i = 0; samples.length < answers && i < answers * 2; i++) {
    await submit.waitFor();
    // A mark for traces (bench/step-change-trace.ts): what follows is the next answer's, not the last step change's.
    await page.evaluate(() => performance.mark("step-change-next"));
    if ((await page.getByRole("radio").count()) < 4) {
      const heading = await page.locator("h1").textContent();
      await submit.click();
      await page.waitForFunction((before) => document.querySelector("h1")?.textContent !== before, heading);
      continue;
    }
    // Every third answer a tap on a choice (auto-advance); the others select by keyboard and confirm.
    const by: StepChangeSample["by"] = i % 3 === 2 ? "tap" : i % 3 === 0 ? "enter" : "click";
    const radio = page.getByRole("radio").nth(3);
    if (by !== "tap") {
      await radio.focus();
      await page.keyboard.press("Space");
      await page.locator("main .choice[data-checked]").waitFor();
    }
    await page.evaluate(() => (window as unknown as { stepProbe: PageProbe }).stepProbe.arm());
    if (by === "enter") {
      await submit.focus();
      await page.keyboard.press("Enter");
    } else await (by === "tap" ? page.locator("label.choice").nth(3) : submit).click();
    const t = await page.evaluate(() => (window as unknown as { stepProbe: PageProbe }).stepProbe.result);
    starts.push(t.input);
    samples.push({ by, painted: t.painted - t.input, committed: t.committed - t.input, frame: t.frame - t.input, framesLate: t.framesLate });
  }
  // Event Timing entries arrive after the frame is presented: two more frames, then read them.
  const entries = await page.evaluate(
    () =>
      new Promise<PageProbe["entries"]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as { stepProbe: PageProbe }).stepProbe.entries), 0)),
        ),
      ),
  );
  return samples.map((s, i) => {
    const own = entries.filter((e) => Math.abs(e.startTime - starts[i]!) < 0.5 && e.name !== "pointerdown" && e.name !== "mousedown");
    return {
      ...s,
      eventTiming: own.length ? Math.max(...own.map((e) => e.duration)) : null,
      processed: own.length ? Math.max(...own.map((e) => e.processingEnd)) - starts[i]! : null,
    };
  });
}

/**
 * The same inputs and probe on a page whose step change is one text change and nothing else: what
 * the measure cannot go below on this machine (the wait for the next frame and drawing it), read
 * next to the funnel's figure (ADR 042).
 */
export async function measureStepChangeFloor(page: Page, answers: number): Promise<StepChangeSample[]> {
  await page.goto("about:blank");
  await page.setContent(FLOOR_PAGE);
  return measureStepChanges(page, answers);
}

const FLOOR_PAGE = `<main><h1>Question 0</h1><form>${[0, 1, 2, 3, 4]
  .map((i) => `<label class="choice"><input type="radio" name="answer" value="${i}"> ${i}</label>`)
  .join("")}<button type="submit">Continue</button></form></main>
<script>
  let step = 0;
  const form = document.querySelector("form");
  const next = () => {
    document.querySelector("h1").textContent = "Question " + ++step;
    for (const label of document.querySelectorAll("label")) label.removeAttribute("data-checked");
    for (const input of document.querySelectorAll("input")) input.checked = false;
  };
  form.addEventListener("change", (event) => event.target.closest("label").setAttribute("data-checked", ""));
  form.addEventListener("submit", (event) => { event.preventDefault(); next(); });
  for (const label of document.querySelectorAll("label")) label.addEventListener("pointerup", () => setTimeout(next, 180));
</script>`;

/** The page's side: the input's timestamp, the next step in the page, its frame, and Event Timing. */
async function installProbe(page: Page): Promise<void> {
  // (No named function inside: tsx would wrap it in a helper the page does not have.)
  await page.evaluate(() => {
    const probe = { entries: [], input: 0 } as unknown as PageProbe;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        probe.entries.push({ name: e.name, startTime: e.startTime, duration: e.duration, processingEnd: (e as PerformanceEventTiming).processingEnd });
    }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    // The release of the key or button that answers: keydown for Enter, pointerup for a click or tap.
    for (const type of ["keydown", "pointerup"])
      addEventListener(
        type,
        (event) => {
          if (event.isTrusted && Number.isNaN(probe.input)) probe.input = event.timeStamp;
        },
        { capture: true },
      );
    probe.arm = () => {
      const before = document.querySelector("h1")?.textContent;
      probe.input = NaN;
      // Every frame's start (its requestAnimationFrame time) from now until the next step's frame.
      const frames: number[] = [];
      let counting = true;
      // (Kept in an array, not a name: see above.)
      const loop: FrameRequestCallback[] = [];
      loop.push((time) => {
        frames.push(time);
        if (counting) requestAnimationFrame(loop[0]!);
      });
      requestAnimationFrame(loop[0]!);
      probe.result = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const heading = document.querySelector("h1");
          // The next step is there when its title is and its body is not the loading state.
          if (!heading || heading.textContent === before || document.querySelector("main .page-loading")) return;
          observer.disconnect();
          const input = probe.input;
          const committed = performance.now();
          requestAnimationFrame((shown) => {
            const frame = performance.now();
            counting = false;
            // Frames begun after the input and before this one (a frame's time is its start, so one
            // begun just before the input but run after it is not counted).
            const framesLate = frames.filter((time) => time > input && time < shown).length;
            // The first task after the frame's own rendering work, ahead of any the page queued
            // before it (a timer would wait behind those: the page's after-paint work is not the step's).
            (window as unknown as { scheduler: { postTask: (task: () => void, options: { priority: string }) => void } }).scheduler.postTask(
              () => {
                const painted = performance.now();
                // A mark for traces (the bench's profile of a step change): the sample's end.
                performance.mark("step-change", { detail: { input, committed, frame, painted } });
                resolve({ input, committed, frame, painted, framesLate });
              },
              { priority: "user-blocking" },
            );
          });
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    };
    (window as unknown as { stepProbe: PageProbe }).stepProbe = probe;
  });
}
