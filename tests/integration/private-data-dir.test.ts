import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { lockPathOf } from "#server/db/data-dir-lock.ts";
import { privateDataDirWarning } from "#server/db/private-files.ts";
import { createMailer } from "#server/mail/mailer.ts";

/**
 * The data directory is the app's user's alone (ADR 051): the embedded database (every answer and
 * order) and the mail outbox (login links) are made with folders 0700 and files 0600, and a start
 * finds and closes what an older version left open, with a warning.
 */
const root = mkdtempSync(join(tmpdir(), "pathwise-private-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every folder and file under `dir` whose mode is not the private one, with its mode in octal. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

describe("the embedded database's files", () => {
  it("are private to the app's user as soon as the database is open, and after it is closed", async () => {
    const dir = join(root, "data", "db");
    const database = await openDatabase({ driver: "pglite", dataDir: dir });
    try {
      expect(readdirSync(dir).length).toBeGreaterThan(10);
      expect(notPrivate(dir)).toEqual([]);
      expect(modeOf(join(root, "data"))).toBe(0o700);
      expect(modeOf(lockPathOf(dir))).toBe(0o600);
    } finally {
      await database.close();
    }
    // Files PostgreSQL made since follow the process umask (077 in the app, src/server/main.ts); none is writable by others.
    expect(notPrivate(dir).filter((entry) => /[2367]$/.test(entry) || /[2367]\d$/.test(entry))).toEqual([]);
  });
});

describe("the mail outbox", () => {
  it("keeps its messages (login links) readable by the app's user only", async () => {
    const outboxDir = join(root, "outbox-data", "mail");
    const mailer = createMailer({ from: "Pathwise <hello@example.org>", outboxDir });
    await mailer.send({ to: "someone@example.org", subject: "Your login link", text: "https://example.org/login?tmp_token=secret", html: "<p>link</p>" });
    mailer.close();
    expect(readdirSync(outboxDir)).toHaveLength(1);
    expect(notPrivate(outboxDir)).toEqual([]);
  });
});

describe("the start-up check", () => {
  it("warns when the data directory was open to others, makes what the app keeps there private, and leaves the rest alone", () => {
    const dataDir = join(root, "old-install");
    const dbDir = join(dataDir, "db");
    const outboxDir = join(dataDir, "mail");
    mkdirSync(join(dbDir, "base"), { recursive: true, mode: 0o755 });
    mkdirSync(outboxDir, { mode: 0o755 });
    writeFileSync(join(dbDir, "base", "1259"), "rows", { mode: 0o666 });
    writeFileSync(join(outboxDir, "login.eml"), "tmp_token=secret", { mode: 0o644 });
    writeFileSync(join(dataDir, "operator-notes.txt"), "mine", { mode: 0o644 });
    chmodSync(dataDir, 0o755);
    for (const dir of [dbDir, join(dbDir, "base"), outboxDir]) chmodSync(dir, 0o755);
    chmodSync(join(dbDir, "base", "1259"), 0o666);
    chmodSync(join(outboxDir, "login.eml"), 0o644);

    const warning = privateDataDirWarning(dataDir, [dbDir, lockPathOf(dbDir), outboxDir]);
    expect(warning).toContain(`the data directory ${dataDir} was open to other users of this machine (6 folders and files`);
    expect(warning).toContain("It is private now");
    expect(notPrivate(dbDir)).toEqual([]);
    expect(notPrivate(outboxDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    // A file of the operator's own beside the app's folders keeps its mode (the folder is closed anyway).
    expect(modeOf(join(dataDir, "operator-notes.txt"))).toBe(0o644);
    // Private already: nothing to say.
    expect(privateDataDirWarning(dataDir, [dbDir, lockPathOf(dbDir), outboxDir])).toBeNull();
  });
});
