import { vi } from "vitest";

/**
 * The bound of a wait for a condition that will come (`vi.waitFor`, `expect.poll`, `until`). The
 * wait ends as soon as the condition holds; this only decides how long a broken test takes to fail.
 * Sized for a 2-core machine at load 50 (ADR 070): there, work takes about 25 times as long as on a
 * quiet machine, so 60 s holds for a condition that comes within 2.4 s on a quiet one. It stays under
 * the integration and build projects' per-test bound (vitest.config.ts), so a wait that gives up
 * says what it waited for rather than ending in the test's time-out.
 */
export const UNTIL_MS = 60_000;

/**
 * A child server's start (tsx, migrations, content sync): a few seconds on a quiet machine, but up to
 * 225 s with four starting at once at load 30, so about 375 s at load 50 (ADR 070). Under the
 * integration hooks' 600 s (vitest.config.ts).
 */
export const SERVER_START_MS = 420_000;

/**
 * Resolves as soon as `check` is true, asking again every `interval` ms; fails after `timeout` with
 * "timed out waiting for <what>" and whatever `detail()` adds (a child process's output, say). A
 * check that throws fails the wait at once (a server that exited will not start answering).
 */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeout = UNTIL_MS, interval = 50, detail = () => "" }: { timeout?: number; interval?: number; detail?: () => string } = {},
): Promise<void> {
  let failed: { error: unknown } | undefined;
  await vi.waitFor(
    async () => {
      try {
        if (await check()) return;
      } catch (error) {
        failed = { error };
        return;
      }
      throw new Error(`timed out waiting for ${what}${detail()}`);
    },
    { timeout, interval },
  );
  if (failed) throw failed.error;
}
