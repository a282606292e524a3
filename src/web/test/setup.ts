import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { loadFlowMachine } from "../funnel/session/flow-machine.ts";
import { preloadStepRenderers } from "../funnel/steps/step-renderer.ts";
import { checkConsoleGuard, installConsoleGuard } from "./console-guard.ts";
import { resetConsent } from "./consent.ts";
import { checkUnhandledFetches } from "./fetch-mock.ts";
import { SHOWS_MS } from "./waits.ts";

// findBy…/waitFor end as soon as what they wait for is on screen; the timeout only decides how long
// a broken test takes to fail. Testing Library's default of one second failed correct tests when the
// machine was busy (two unit runs side by side on 2 cores: a lazily loaded page still showed
// "Loading Pathwise…" after 1 s, src/web/app/AppShell.test.tsx and others). The bound: ./waits.ts.
configure({ asyncUtilTimeout: SHOWS_MS });

// Every test starts as a visitor who already declined (cookie and page state, set again before each
// test because test files share modules): pages are tested without the banner over them; the
// banner's own tests start without a choice (src/web/shared/consent/ConsentBanner.test.tsx).
beforeEach(() => {
  if (typeof document !== "undefined") resetConsent();
});

// Step renderers and the flow's machine load on demand in the app; tests draw any step, and run a
// funnel's machine, at once (src/web/funnel/session/machine-after-load.test.tsx runs one without it).
beforeAll(() => Promise.all([preloadStepRenderers(), loadFlowMachine()]));

beforeEach(() => {
  installConsoleGuard();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  try {
    checkUnhandledFetches();
  } finally {
    checkConsoleGuard();
  }
});
