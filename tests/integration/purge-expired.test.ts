import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens, customers, mailOutbox, quizSessions, rateLimits, sessions } from "#server/db/schema.ts";
import { purgeExpired } from "#server/jobs/purge-expired.ts";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

const HOUR = 3_600_000;
const at = (now: Date, hours: number) => new Date(now.getTime() + hours * HOUR);

describe("the purge job", () => {
  it("deletes ended rate-limit windows, expired sessions and tokens, and expired resume links, and keeps everything still in use", async () => {
    const now = t.clock.now();
    const [customer] = await t.db.insert(customers).values({ email: "purge@example.org" }).returning();
    const id = customer!.id;
    await t.db.insert(rateLimits).values([
      { key: "purge:old", windowStartedAt: at(now, -25), count: 3 },
      { key: "purge:today", windowStartedAt: at(now, -23), count: 3 },
    ]);
    await t.db.insert(sessions).values([
      { idHash: "purge-idle", customerId: id, expiresAt: at(now, -1), absoluteExpiresAt: at(now, 100) },
      { idHash: "purge-absolute", customerId: id, expiresAt: at(now, 100), absoluteExpiresAt: at(now, -1) },
      { idHash: "purge-live", customerId: id, expiresAt: at(now, 1), absoluteExpiresAt: at(now, 100) },
    ]);
    await t.db.insert(authTokens).values([
      { tokenHash: "purge-token-old", customerId: id, purpose: "login", email: "purge@example.org", expiresAt: at(now, -1) },
      { tokenHash: "purge-token-live", customerId: id, purpose: "reset", email: "purge@example.org", expiresAt: at(now, 1) },
    ]);
    const quiz = { visitorId: "v", flowCode: "career_test_green", flowVersion: 1, flowHash: "h" };
    const [expired, live] = await t.db
      .insert(quizSessions)
      .values([
        { ...quiz, resumeTokenHash: "purge-resume-old", resumeExpiresAt: at(now, -1), resumeSentTo: "purge@example.org" },
        { ...quiz, resumeTokenHash: "purge-resume-live", resumeExpiresAt: at(now, 1), resumeSentTo: "purge@example.org" },
      ])
      .returning();

    await t.db.insert(mailOutbox).values([
      { kind: "purge-old", recipient: "purge@example.org", subject: "Old", status: "sent", sentAt: at(now, -31 * 24) },
      { kind: "purge-recent", recipient: "purge@example.org", subject: "Recent", status: "sent", sentAt: at(now, -29 * 24) },
      { kind: "purge-failed", recipient: "purge@example.org", subject: "Failed", text: "kept for support", status: "failed", createdAt: at(now, -60 * 24) },
    ]);

    const report = await purgeExpired(t.db, now);
    expect(report).toEqual({ rateLimits: 1, sessions: 2, authTokens: 1, resumeTokens: 1, sentMail: 1 });
    expect(
      (await t.db.select().from(mailOutbox))
        .map((m) => m.kind)
        .filter((k) => k.startsWith("purge-"))
        .sort(),
    ).toEqual(["purge-failed", "purge-recent"]);
    expect((await t.db.select().from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith("purge:"))).toEqual(["purge:today"]);
    expect((await t.db.select().from(sessions).where(eq(sessions.customerId, id))).map((s) => s.idHash)).toEqual(["purge-live"]);
    expect((await t.db.select().from(authTokens).where(eq(authTokens.customerId, id))).map((r) => r.tokenHash)).toEqual(["purge-token-live"]);
    const [afterExpired] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, expired!.id));
    expect(afterExpired).toMatchObject({ resumeTokenHash: null, resumeExpiresAt: null, resumeSentTo: "purge@example.org" });
    const [afterLive] = await t.db.select().from(quizSessions).where(eq(quizSessions.id, live!.id));
    expect(afterLive!.resumeTokenHash).toBe("purge-resume-live");

    // A second run finds nothing more.
    expect(await purgeExpired(t.db, now)).toEqual({ rateLimits: 0, sessions: 0, authTokens: 0, resumeTokens: 0, sentMail: 0 });
  });

  it("no rate limit counts over a longer window than the purge keeps", async () => {
    await expect(t.app.services.limiter.hit("too-long", { max: 1, windowSeconds: 25 * 3600 })).rejects.toThrow(/purged early/);
  });
});
