import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { checkConsoleGuard, installConsoleGuard } from "./console-guard.ts";

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
