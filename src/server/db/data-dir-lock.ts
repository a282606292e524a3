/**
 * One process per embedded database (ADR 037). PGlite is a single-user database: a second process
 * opening the same data directory reads stale pages at best and corrupts them at worst. The first
 * process to open a data directory writes `<dataDir>.lock` (created exclusively); a second one finds
 * it and stops with a clear message. A lock left by a process that died (kill -9) names a pid that
 * no longer runs and is taken over.
 *
 * The running app adds its address and an operator token to its lock, so the command-line tools
 * (`npm run funnel:report`, `npm run staff`) ask the app instead of opening its directory: whoever
 * can read the data directory already holds all its data, so reading the token proves nothing more.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { PRIVATE_DIR_MODE } from "./private-files.ts";
import { dirname } from "node:path";
import { z } from "zod";

const lockFile = z.object({
  pid: z.number().int().positive(),
  startedAt: z.string(),
  /** Set by a running app once it listens: where its API answers, and the token its /api/admin accepts. */
  app: z.object({ origin: z.url(), operatorToken: z.string().min(32) }).optional(),
});
export type LockHolder = z.infer<typeof lockFile>;

export const lockPathOf = (dataDir: string) => `${dataDir.replace(/[/\\]+$/, "")}.lock`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The live process holding the data directory, or null (no lock, an unreadable one, or its process is gone). */
export function lockHolder(dataDir: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(lockPathOf(dataDir), "utf8");
  } catch {
    return null;
  }
  let parsed: LockHolder | null;
  try {
    const result = lockFile.safeParse(JSON.parse(text));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  return parsed && alive(parsed.pid) ? parsed : null;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (since ${holder.startedAt}). ` +
        `An embedded database has one user at a time: stop that process first` +
        (holder.app ? `, or let the tools ask it (it answers at ${holder.app.origin}).` : "."),
    );
  }
}

export type DataDirLock = {
  /** Records where the app answers and the operator token its /api/admin accepts, for the command-line tools. */
  announce(origin: string, operatorToken: string): void;
  release(): void;
};

/** Takes the data directory for this process, or throws DataDirInUse. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = lockPathOf(dataDir);
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  const mine: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
      const holder = lockHolder(dataDir);
      if (holder) throw new DataDirInUse(dataDir, holder);
      // A lock whose process is gone (kill -9, a crash): take it over.
      rmSync(path, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      const now = lockFile.safeParse(JSON.parse(readFileSync(path, "utf8")));
      if (now.success && now.data.pid === process.pid) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once("exit", release);
  return {
    announce(origin, operatorToken) {
      writeFileSync(path, JSON.stringify({ ...mine, app: { origin, operatorToken } } satisfies LockHolder), { mode: 0o600 });
    },
    release,
  };
}
