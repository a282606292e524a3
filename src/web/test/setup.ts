import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { preloadStepRenderers } from "../funnel/steps/step-renderer.ts";
import { checkConsoleGuard, installConsoleGuard } from "./console-guard.ts";

// findBy…/waitFor end as soon as what they wait for is on screen; the timeout only decides how long
// a broken test takes to fail. Testing Library's default of one second failed correct tests when the
// machine was busy (two unit runs side by side on 2 cores: a lazily loaded page still showed
// "Loading Pathwise…" after 1 s, src/web/app/AppShell.test.tsx and others).
configure({ asyncUtilTimeout: 10_000 });

// A visitor who already made their privacy choice (declined): pages are tested without the banner
// over them; the banner's own tests start without it (src/web/shared/consent/ConsentBanner.test.tsx).
document.cookie = "pw_consent=1.0.0.1780000000; path=/";

// Step renderers load on demand in the app; tests draw any step at once.
beforeAll(() => preloadStepRenderers());

beforeEach(() => {
  installConsoleGuard();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  checkConsoleGuard();
});
