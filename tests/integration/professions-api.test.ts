import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONET_ATTRIBUTION, type ProfessionMatchView, type ProfessionView } from "#schemas/api/professions.ts";
import { professions } from "#server/db/schema.ts";
import { matchedProfessions } from "#server/content/professions.ts";
import { answerAll, quizTestApp, rowCounts, startQuiz, type Browser } from "../helpers/quiz.ts";
import { client, closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

const CAREER = "career_test_green";

type Body = { data: { profession: ProfessionView; match: ProfessionMatchView | null } };
type ErrorJson = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

let t: TestApp;
let ips = 0;
const browser = () => client(t.app, `198.51.100.${++ips}`);

/**
 * Answers for the career quiz that give the area sums 6, 14, 3, 9, 11, 18 (of 0–20), i.e. the
 * positions R 30, I 70, A 15, S 45, E 55, C 90 of the worked examples in
 * src/engine/report/match-professions.test.ts (Actuary 99, Carpenter 40).
 */
const WORKED = { r: [2, 1, 1, 1, 1], i: [3, 3, 3, 3, 2], a: [1, 1, 1, 0, 0], s: [2, 2, 2, 2, 1], e: [3, 2, 2, 2, 2], c: [4, 4, 4, 3, 3] };
const FLAT = { r: [2, 2, 2, 2, 2], i: [2, 2, 2, 2, 2], a: [2, 2, 2, 2, 2], s: [2, 2, 2, 2, 2], e: [2, 2, 2, 2, 2], c: [2, 2, 2, 2, 2] };

async function startCareer(b: Browser) {
  const hash = t.flows.find((f) => f.code === CAREER)!.hash;
  const res = await b.post("/api/quiz/sessions", { flow_code: CAREER, flow_hash: hash });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { id: res.json<{ data: { id: string } }>().data.id, hash };
}

/** A career result of this browser: every question answered with `sums`' item values, then scored. */
async function careerResult(b: Browser, answers: Record<string, number[]>, email: string, complete = true): Promise<string> {
  const { id, hash } = await startCareer(b);
  const steps: [string, unknown][] = Object.entries(answers).flatMap(([area, values]) => values.map((v, n): [string, unknown] => [`${area}${n + 1}`, v]));
  steps.push(["situation", "working_happy"], ["email", email]);
  for (const [step, value] of steps) {
    const res = await b.post(`/api/quiz/sessions/${id}/answers`, { step_id: step, value, flow_hash: hash });
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
  if (complete) {
    const done = await b.post(`/api/quiz/sessions/${id}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

describe("GET /api/professions/:slug", () => {
  it("gives anyone the whole profession with the source of every fact and the O*NET credit", async () => {
    const res = await client(t.app).get("/api/professions/actuary");
    expect(res.statusCode, res.body).toBe(200);
    const { profession, match } = res.json<Body>().data;
    expect(match).toBeNull();
    expect(profession).toMatchObject({
      slug: "actuary",
      title: "Actuary",
      onet_soc: "15-2011.00",
      active: true,
      riasec: {
        code: "CIE",
        levels: { R: 1.78, I: 4.45, A: 1.13, S: 2.49, E: 3.33, C: 6.29 },
        from: { source: "O*NET 30.3 Database (USDOL/ETA), Interests", year: 2026, url: "https://www.onetcenter.org/database.html" },
      },
      job_zone: { zone: 4, from: { year: 2025 } },
      education: { level: "Bachelor's degree", from: { url: "https://www.bls.gov/emp/tables/occupational-projections-and-characteristics.htm" } },
      pay: {
        median_annual_usd: 125770,
        p10_annual_usd: 75240,
        p90_annual_usd: 206430,
        from: { source: "U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2024", year: 2024 },
      },
      attribution: ONET_ATTRIBUTION,
    });
    expect(profession.summary.length).toBeGreaterThan(80);
    expect(profession.tasks.length).toBeGreaterThanOrEqual(3);
    expect(profession.skills.length).toBeGreaterThanOrEqual(3);
    expect(res.cookies).toHaveLength(0);
  });

  it("shows no pay, not a made-up one, for a profession whose pay has no source; a missing percentile is null", async () => {
    const actor = (await client(t.app).get("/api/professions/actor")).json<Body>().data.profession;
    expect(actor.pay).toBeNull();
    const pilot = (await client(t.app).get("/api/professions/airline-pilot")).json<Body>().data.profession;
    expect(pilot.pay).toMatchObject({ p90_annual_usd: null });
    expect(pilot.pay!.median_annual_usd).toBeGreaterThan(0);
  });

  it("an unknown slug is 404 naming it", async () => {
    const res = await client(t.app).get("/api/professions/astronaut-chef");
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorJson>().error).toEqual({ code: "not_found", message: "Profession astronaut-chef not found" });
  });
});

describe("GET /api/professions/:slug?result=", () => {
  let me: Browser;
  let mine: string;
  beforeAll(async () => {
    me = browser();
    mine = await careerResult(me, WORKED, "worked-example@example.org");
  });

  it("gives the match of the caller's own scored result, as in the worked examples (Actuary 99, Carpenter 40)", async () => {
    const res = await me.get(`/api/professions/actuary?result=${mine}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const { profession, match } = res.json<Body>().data;
    expect(profession.slug).toBe("actuary");
    expect(match).toMatchObject({ result_id: mine, match: 99, reason: null, code_agreement: 3, profile: { R: 30, I: 70, A: 15, S: 45, E: 55, C: 90 } });
    expect(match!.r).toBeCloseTo(0.98807, 5);

    const carpenter = (await me.get(`/api/professions/carpenter?result=${mine}`)).json<Body>().data.match;
    expect(carpenter).toMatchObject({ match: 40, reason: null, code_agreement: 0 });
    expect(carpenter!.r).toBeCloseTo(-0.19121, 5);
  });

  it("agrees with matchedProfessions, which lists the best active matches first", async () => {
    const profile = { R: 30, I: 70, A: 15, S: 45, E: 55, C: 90 };
    const best = await matchedProfessions(t.db, profile, 5);
    expect(best.reason).toBeNull();
    expect(best.items).toHaveLength(5);
    const matches = best.items.map((m) => m.match!);
    expect(matches).toEqual([...matches].sort((a, b) => b - a));
    expect(matches[0]).toBeGreaterThanOrEqual(99);
    for (const item of best.items) {
      const viaApi = (await me.get(`/api/professions/${item.profession.slug}?result=${mine}`)).json<Body>().data.match!;
      expect(viaApi.match, item.profession.slug).toBe(item.match);
      expect(item.profession.attribution).toBe(ONET_ATTRIBUTION);
    }
    const all = await matchedProfessions(t.db, profile, 1000);
    const active = await t.db.select().from(professions).where(eq(professions.active, true));
    expect(all.items).toHaveLength(active.length);
    expect((await matchedProfessions(t.db, profile, 0)).items).toEqual([]);
  });

  it("a flat result (every answer the same) is 200 with no number and the reason, for the page to explain", async () => {
    const b = browser();
    const flat = await careerResult(b, FLAT, "flat-profile@example.org");
    const res = await b.get(`/api/professions/actuary?result=${flat}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.match).toMatchObject({ result_id: flat, match: null, r: null, reason: "flat_profile", profile: { R: 50, C: 50 } });

    const listed = await matchedProfessions(t.db, { R: 50, I: 50, A: 50, S: 50, E: 50, C: 50 }, 3);
    expect(listed.reason).toBe("flat_profile");
    expect(listed.items.every((m) => m.match === null && m.reason === "flat_profile")).toBe(true);
  });

  it("another visitor's result is 404 naming the result, and so is an unknown one; nothing is changed", async () => {
    const before = await rowCounts(t);
    for (const [who, id] of [
      [browser(), mine],
      [client(t.app), mine],
      [me, "7d0c5f2e-2b6f-4e1a-9a53-0f3c3b0d2a11"],
    ] as const) {
      const res = await who.get(`/api/professions/actuary?result=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorJson>().error).toEqual({ code: "not_found", message: `Result ${id} not found` });
      expect(res.body).not.toContain('"match"');
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it("an unfinished result is 409 result_not_ready", async () => {
    const b = browser();
    const unfinished = await careerResult(b, WORKED, "not-finished@example.org", false);
    const res = await b.get(`/api/professions/actuary?result=${unfinished}`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorJson>().error).toMatchObject({ code: "result_not_ready", message: expect.stringContaining(unfinished) });
  });

  it("a scored result of a quiz without the six interest areas is 409 not_an_interest_result", async () => {
    const other = await quizTestApp();
    try {
      const b = client(other.app, "198.51.100.250");
      const session = await startQuiz(other, b);
      await answerAll(other, b, session.id, "other-quiz@example.org");
      expect((await b.post(`/api/quiz/sessions/${session.id}/complete`, {})).statusCode).toBe(200);
      const res = await b.get(`/api/professions/actuary?result=${session.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorJson>().error).toMatchObject({ code: "not_an_interest_result", message: expect.stringContaining(session.id) });
    } finally {
      await other.close();
    }
  });

  it("a retired profession still opens (reports link to it) but is no longer listed among matches", async () => {
    await t.db.update(professions).set({ active: false }).where(eq(professions.slug, "actuary"));
    try {
      const res = await me.get(`/api/professions/actuary?result=${mine}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Body>().data).toMatchObject({ profession: { active: false }, match: { match: 99 } });
      const all = await matchedProfessions(t.db, { R: 30, I: 70, A: 15, S: 45, E: 55, C: 90 }, 1000);
      expect(all.items.map((m) => m.profession.slug)).not.toContain("actuary");
    } finally {
      await t.db.update(professions).set({ active: true }).where(eq(professions.slug, "actuary"));
    }
  });
});

describe("GET /api/professions/:slug with bad input", () => {
  const cases: { name: string; url: string; path: string }[] = [
    { name: "an upper-case slug", url: "/api/professions/Actuary", path: "params.slug" },
    { name: "a slug with a dot", url: "/api/professions/actuary.yaml", path: "params.slug" },
    { name: "a slug with an encoded slash", url: "/api/professions/..%2Fsecrets", path: "params.slug" },
    { name: "a result that is not a uuid", url: "/api/professions/actuary?result=42", path: "querystring.result" },
    { name: "an empty result", url: "/api/professions/actuary?result=", path: "querystring.result" },
    {
      name: "two results",
      url: "/api/professions/actuary?result=7d0c5f2e-2b6f-4e1a-9a53-0f3c3b0d2a11&result=7d0c5f2e-2b6f-4e1a-9a53-0f3c3b0d2a12",
      path: "querystring.result",
    },
    { name: "an unknown query parameter", url: "/api/professions/actuary?limit=5", path: "querystring.limit" },
  ];

  let b: Browser;
  beforeAll(async () => {
    b = browser();
    await careerResult(b, WORKED, "bad-input@example.org");
  });

  it.each(cases)("answers $name with 400 and the located issue, changing nothing", async ({ url, path }) => {
    const before = await rowCounts(t);
    const res = await b.get(url);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json<ErrorJson>();
    expect(error.code).toBe("invalid_request");
    expect(error.issues!.map((i) => i.path)).toContain(path);
    expect(error.message).toContain(path);
    expect(res.cookies).toHaveLength(0);
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe("GET /api/professions/:slug with a very long slug", () => {
  it("a slug of 100 characters is looked up (404); a longer one is refused by the router (414) before any lookup", async () => {
    const before = await rowCounts(t);
    const longest = await client(t.app).get(`/api/professions/${"a".repeat(100)}`);
    expect(longest.statusCode).toBe(404);
    expect(longest.json<ErrorJson>().error.code).toBe("not_found");
    const tooLong = await client(t.app).get(`/api/professions/${"a".repeat(101)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe("OpenAPI", () => {
  it("documents GET /api/professions/{slug} with its query, its answer and its errors", async () => {
    const doc = (await client(t.app).get("/api/openapi.json")).json<{
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: object }>>;
    }>();
    const op = doc.paths["/api/professions/{slug}"]?.get;
    expect(op).toBeDefined();
    expect(op!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "path", name: "slug" }), expect.objectContaining({ in: "query", name: "result" })]),
    );
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "409"]));
  });
});
