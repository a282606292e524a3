import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ONET_ATTRIBUTION } from "#schemas/api/professions.ts";
import { riasecLetters } from "#schemas/content/profession.ts";
import { matchFromR, pearson } from "#engine/report/match-professions.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { fail, mockFetch, ok, type Reply } from "#web/test/fetch-mock.ts";
import { renderRoute, testCustomer } from "#web/test/render-route.tsx";
import type { ProfessionMatchView, ProfessionView } from "./professions-api.ts";
import { RIASEC_ORDER, topLetters } from "./riasec.ts";

const as = { customer: testCustomer };
const RESULT = "5f0c7a3e-2b1d-4e8f-9a6c-3d2e1f0a9b8c";

const onet = (what: string) => ({ source: `O*NET 29.3 Database (USDOL/ETA), ${what}`, year: 2025, url: "https://www.onetcenter.org/database.html" });
const blsEducation = {
  source: "U.S. Bureau of Labor Statistics, Employment Projections 2024-34, Table 1.2 (typical education needed for entry)",
  year: 2025,
  url: "https://www.bls.gov/emp/tables/occupational-projections-and-characteristics.htm",
};

/** content/professions/registered-nurse.yaml as the API gave it with O*NET 29.3 data (a fixed fixture). */
const nurse: ProfessionView = {
  slug: "registered-nurse",
  title: "Registered nurse",
  onet_soc: "29-1141.00",
  active: true,
  riasec: { code: "SIC", levels: { R: 3.66, I: 4.82, A: 1.31, S: 5.62, E: 2.28, C: 4.58 }, from: onet("Interests") },
  summary:
    "Registered nurses look after patients in hospitals, clinics, care homes, schools and people's homes, judging how someone is doing and carrying out the care their treatment plan calls for.",
  tasks: ["Check patients' condition, take vital signs and notice when something changes", "Give medicines, injections and other treatments"],
  skills: ["Clinical observation", "Medication safety", "Empathy"],
  job_zone: { zone: 4, from: onet("Job Zones") },
  education: { level: "Bachelor's degree", from: blsEducation },
  pay: {
    median_annual_usd: 93600,
    p10_annual_usd: 66030,
    p90_annual_usd: 135320,
    from: {
      source: "U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2024",
      year: 2024,
      url: "https://www.bls.gov/oes/2024/may/oes291141.htm",
    },
  },
  attribution: ONET_ATTRIBUTION,
};

/** content/professions/actor.yaml: no pay source. */
const actor: ProfessionView = {
  ...nurse,
  slug: "actor",
  title: "Actor",
  onet_soc: "27-2011.00",
  riasec: { code: "ASE", levels: { R: 2.31, I: 2.13, A: 7.0, S: 4.1, E: 4.0, C: 1.67 }, from: onet("Interests") },
  job_zone: { zone: 2, from: onet("Job Zones") },
  education: { level: "Some college, no degree", from: blsEducation },
  pay: null,
};

/** A result whose order is S, I, C, R, E, A, and its match with the nurse, worked out as the server does. */
const profile = { R: 30, I: 70, A: 10, S: 85, E: 25, C: 60 };
const r = pearson(
  riasecLetters.map((l) => profile[l]),
  riasecLetters.map((l) => nurse.riasec.levels[l]),
)!;
const nurseMatch: ProfessionMatchView = { result_id: RESULT, match: matchFromR(r), r, reason: null, profile, code_agreement: 3 };

/**
 * Answers GET /professions/:slug by slug and by whether `?result=` was sent (mockFetch keys by path
 * only, so the URL of the call is read here).
 */
function mockProfession(slug: string, answer: (result: string | null) => Reply) {
  const results: (string | null)[] = [];
  let lastResult: string | null = null;
  mockFetch({ [`GET /professions/${slug}`]: () => answer(lastResult) });
  const inner = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    if (url.pathname.startsWith("/api/professions/")) {
      lastResult = url.searchParams.get("result");
      results.push(lastResult);
    }
    return inner(input, init);
  });
  return results;
}

const matchSection = () => screen.queryByRole("region", { name: "How well it matches your result" });

async function page(title: string) {
  const heading = await screen.findByRole("heading", { level: 1, name: title });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  return heading;
}

describe("/account/professions/:slug", () => {
  it("with a result of the customer's: the occupation, its match with the method in plain words, both codes, and the way back to the report", async () => {
    const results = mockProfession("registered-nurse", (result) => ok({ profession: nurse, match: result === RESULT ? nurseMatch : null }));
    expect(paths.accountProfession("registered-nurse", RESULT)).toBe(`/account/professions/registered-nurse?result=${RESULT}`);
    renderRoute(paths.accountProfession("registered-nurse", RESULT), as);
    await page("Registered nurse");
    expect(document.title).toBe("Registered nurse · Pathwise");
    expect(results).toEqual([RESULT]);

    // The occupation's code with the letters' names.
    const code = screen.getByRole("list", { name: "Interest code SIC, highest first" });
    expect(
      within(code)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("strong")?.textContent),
    ).toEqual(["Social", "Investigative", "Conventional"]);

    const match = matchSection()!;
    expect(nurseMatch.match).toBeGreaterThan(80);
    expect(match.textContent).toContain(`${nurseMatch.match} out of 100`);
    expect(match.textContent).toContain("100 means the same shape as your profile, 50 no relation, 0 the opposite shape.");
    expect(match.textContent).toContain("Pearson correlation");
    expect(match.textContent).toContain("must not be used for hiring or placement");
    expect(match.textContent).toContain("SIC: Social, Investigative, Conventional");
    expect(match.textContent).toContain("All 3 letters of SIC follow the order of your areas.");
    // Both profiles, side by side.
    const table = within(match).getByRole("table", { name: "Your six areas next to this occupation's interest levels" });
    const social = within(table).getByRole("row", { name: /Social \(S\)/ });
    expect(
      within(social)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["85", "5.62"]);
    expect(within(match).getByRole("link", { name: "Back to your career report" }).getAttribute("href")).toBe("/account/reports/career_riasec");
    expect(screen.getByRole("link", { name: /Your career report/ }).getAttribute("href")).toBe("/account/reports/career_riasec");

    // What the work is, tasks, skills, education, preparation and pay, each with its source.
    expect(screen.getByRole("region", { name: "What the work is" }).textContent).toContain("Registered nurses look after patients");
    expect(within(screen.getByRole("region", { name: "Typical tasks" })).getAllByRole("listitem")).toHaveLength(2);
    expect(within(screen.getByRole("region", { name: "Skills" })).getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getByRole("region", { name: "Typical education" }).textContent).toContain(`Bachelor's degreeSource: ${blsEducation.source}, 2025`);
    expect(screen.getByRole("region", { name: "Preparation" }).textContent).toContain(
      "Job Zone 4 of 5Considerable preparation needed. Usually a bachelor's degree",
    );
    const pay = screen.getByRole("region", { name: "Pay in the United States" });
    expect(pay.textContent).toContain("Median a yearUS$93,600");
    expect(pay.textContent).toContain("10th to 90th percentileUS$66,030 to US$135,320");
    // The year is in the source's name already: not said twice.
    expect(pay.textContent).toContain("Source: U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics, May 2024");
    expect(pay.textContent).not.toContain("May 2024, 2024");
    expect(screen.queryByText(/No published pay figure/)).toBeNull();

    // Sources as links, and the O*NET credit at the bottom.
    const sources = screen.getByRole("region", { name: "Sources" });
    expect(within(sources).getByRole("link", { name: nurse.pay!.from.source }).getAttribute("href")).toBe(nurse.pay!.from.url);
    expect(within(sources).getByRole("link", { name: "O*NET 29.3 Database (USDOL/ETA), Interests" }).getAttribute("href")).toBe(
      "https://www.onetcenter.org/database.html",
    );
    expect(sources.textContent).toContain(ONET_ATTRIBUTION);
  });

  it("without a result: the occupation alone, fetched once without result", async () => {
    const results = mockProfession("registered-nurse", () => ok({ profession: nurse, match: null }));
    renderRoute(paths.accountProfession("registered-nurse"), as);
    await page("Registered nurse");
    expect(results).toEqual([null]);
    expect(matchSection()).toBeNull();
    expect(screen.queryByRole("link", { name: "Back to your career report" })).toBeNull();
    expect(screen.getByRole("link", { name: /Your reports/ }).getAttribute("href")).toBe("/account/reports");
    expect(screen.getByRole("region", { name: "Pay in the United States" })).toBeTruthy();
  });

  it("a result that is not the customer's (404 with result): the occupation again without result, no match and no error", async () => {
    const results = mockProfession("registered-nurse", (result) =>
      result ? fail(404, "not_found", `Result ${result} not found`) : ok({ profession: nurse, match: null }),
    );
    renderRoute(`/account/professions/registered-nurse?result=${RESULT}`, as);
    await page("Registered nurse");
    expect(results).toEqual([RESULT, null]);
    expect(matchSection()).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("region", { name: "What the work is" })).toBeTruthy();
  });

  it("a result not scored yet (409) or a malformed id: the occupation alone too", async () => {
    const results = mockProfession("registered-nurse", (result) => (result ? fail(409, "result_not_ready") : ok({ profession: nurse, match: null })));
    const { unmount } = renderRoute(`/account/professions/registered-nurse?result=${RESULT}`, as);
    await page("Registered nurse");
    expect(results).toEqual([RESULT, null]);
    expect(matchSection()).toBeNull();
    unmount();

    const again = mockProfession("registered-nurse", () => ok({ profession: nurse, match: null }));
    renderRoute("/account/professions/registered-nurse?result=not-a-result", as);
    await page("Registered nurse");
    expect(again).toEqual([null]);
  });

  it("no published pay: one honest line and no pay section", async () => {
    mockProfession("actor", () => ok({ profession: actor, match: null }));
    renderRoute("/account/professions/actor", as);
    await page("Actor");
    expect(screen.getByText("No published pay figure for this occupation.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Pay in the United States" })).toBeNull();
    expect(screen.queryByText(/Median/)).toBeNull();
    expect(screen.queryByText(/US\$/)).toBeNull();
    const sources = screen.getByRole("region", { name: "Sources" });
    expect(sources.textContent).not.toMatch(/^Pay:/m);
    expect(within(sources).getAllByRole("link")).toHaveLength(3);
  });

  it("an unknown profession: a friendly not-found with a link to the reports, also when a result was given", async () => {
    const results = mockProfession("no-such-job", () => fail(404, "not_found", "Profession no-such-job not found"));
    renderRoute(`/account/professions/no-such-job?result=${RESULT}`, as);
    await page("We couldn’t find that profession");
    expect(document.title).toBe("Profession not found · Pathwise");
    expect(results).toEqual([RESULT, null]);
    expect(screen.getByRole("link", { name: "Go to your reports" }).getAttribute("href")).toBe("/account/reports");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a flat profile: the match says why there is no number", async () => {
    const flat = { R: 50, I: 50, A: 50, S: 50, E: 50, C: 50 };
    mockProfession("registered-nurse", () => ok({ profession: nurse, match: { ...nurseMatch, match: null, r: null, reason: "flat_profile", profile: flat } }));
    renderRoute(`/account/professions/registered-nurse?result=${RESULT}`, as);
    await page("Registered nurse");
    const match = matchSection()!;
    expect(match.textContent).toContain("Your answers rate all six areas the same");
    expect(match.textContent).not.toContain("out of 100");
  });

  it("a failure that is not a 404: says so and tries again", async () => {
    let fails = true;
    mockProfession("registered-nurse", () => (fails ? fail(500, "internal_error") : ok({ profession: nurse, match: null })));
    renderRoute("/account/professions/registered-nurse", as);
    await page("This profession could not be loaded");
    expect(screen.getByRole("alert").textContent).toContain("We could not load this profession just now.");
    fails = false;
    screen.getByRole("button", { name: "Try again" }).click();
    await page("Registered nurse");
  });

  it("logged out: the login page, returning here afterwards", async () => {
    mockProfession("registered-nurse", () => ok({ profession: nurse, match: null }));
    const { router } = renderRoute(`/account/professions/registered-nurse?result=${RESULT}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe(`/account/professions/registered-nurse?result=${RESULT}`);
  });
});

describe("riasec helpers", () => {
  it("keep the schema's letter order, and say when an area outside the top three is level with the third", () => {
    expect(RIASEC_ORDER).toEqual(riasecLetters);
    expect(topLetters({ R: 30, I: 70, A: 10, S: 85, E: 25, C: 60 })).toEqual({ letters: ["S", "I", "C"], tie: null });
    expect(topLetters({ R: 60, I: 70, A: 10, S: 85, E: 25, C: 60 })).toEqual({
      letters: ["S", "I", "R"],
      tie: "Realistic and Conventional are level at 60, so C could stand in for R.",
    });
  });
});
