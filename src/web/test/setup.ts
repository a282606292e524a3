import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { preloadStepRenderers } from "../funnel/steps/step-renderer.ts";
import { checkConsoleGuard, installConsoleGuard } from "./console-guard.ts";

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
