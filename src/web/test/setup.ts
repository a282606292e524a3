import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { checkConsoleGuard, installConsoleGuard } from "./console-guard.ts";

beforeEach(() => {
  installConsoleGuard();
});

afterEach(() => {
  cleanup();
  checkConsoleGuard();
});
