import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUse, lockDataDir, lockHolder, lockPathOf } from "./data-dir-lock.ts";

const dirs: string[] = [];
const children: ChildProcess[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "pathwise-lock-"));
  dirs.push(dir);
  return join(dir, "db");
};
/** A live process that is not this one, as another app would be. */
const otherProcess = async () => {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve) => child.once("spawn", resolve));
  return child;
};
const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));

afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the embedded data directory's lock", () => {
  it("lets one holder in and stops a second with a message that names the holder", () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid}`));
    lock.release();
    expect(existsSync(lockPathOf(dir))).toBe(false);
    lockDataDir(dir).release();
  });

  it("stops at a lock held by another live process, and takes over once that process is killed", async () => {
    const dir = dataDir();
    const other = await otherProcess();
    writeFileSync(lockPathOf(dir), JSON.stringify({ pid: other.pid, startedAt: "2026-11-26T10:00:00.000Z" }));
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${other.pid}`);

    other.kill("SIGKILL");
    await exited(other);
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPathOf(dir), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("tells the tools where the running app answers, and nothing once it has gone", () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(lockHolder(dir)?.app).toBeUndefined();
    lock.announce("http://127.0.0.1:4000", "t".repeat(43));
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, app: { origin: "http://127.0.0.1:4000", operatorToken: "t".repeat(43) } });
    lock.release();
    expect(lockHolder(dir)).toBeNull();
  });

  it("reads a damaged lock file as no lock", () => {
    const dir = dataDir();
    writeFileSync(lockPathOf(dir), "{not json");
    expect(lockHolder(dir)).toBeNull();
    lockDataDir(dir).release();
  });
});
