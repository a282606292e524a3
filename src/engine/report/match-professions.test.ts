import { describe, expect, it } from "vitest";
import { codeAgreement, matchProfessions, pearson, positionsFromScores, type MatchableOccupation, type RiasecPositions } from "./match-professions.ts";

const levels = (R: number, I: number, A: number, S: number, E: number, C: number) => ({ R, I, A, S, E, C });
const occupation = (slug: string, code: string, l: MatchableOccupation["levels"], title = slug): MatchableOccupation => ({ slug, title, code, levels: l });

/** Real O*NET 29.3 OI levels of Actuary and Carpenter (the worked examples in docs/assessments/career-matching.md; content/professions now carries O*NET 30.3). */
const actuary = occupation("actuary", "CIE", levels(1.81, 4.44, 1.18, 2.47, 3.41, 6.24), "Actuary");
const carpenter = occupation("carpenter", "RC", levels(6.74, 1.9, 2.19, 1.9, 1.79, 3.46), "Carpenter");

/** A career-quiz result: area sums 6, 14, 3, 9, 11, 18 of 0–20, so positions are 5 × the sum. */
const person: RiasecPositions = { R: 30, I: 70, A: 15, S: 45, E: 55, C: 90 };

describe("matchProfessions: worked examples (docs/assessments/career-matching.md)", () => {
  it("a steady slope that follows the person exactly is r = 1, match 100; the reverse slope is r = −1, match 0", () => {
    // Person x = 100, 80, 60, 40, 20, 0 (mean 50). Occupation y = 7, 6, 5, 4, 3, 2 (mean 4.5).
    // dx = 50, 30, 10, −10, −30, −50; dy = 2.5, 1.5, 0.5, −0.5, −1.5, −2.5, so dy = dx / 20 exactly:
    // Σdx·dy = 350, Σdx² = 7000, Σdy² = 17.5; r = 350 / √(7000 × 17.5) = 350 / 350 = 1 → (1 + 1) × 50 = 100.
    // Reversed y = 2, 3, 4, 5, 6, 7 gives Σdx·dy = −350, r = −1 → (−1 + 1) × 50 = 0.
    const slope: RiasecPositions = { R: 100, I: 80, A: 60, S: 40, E: 20, C: 0 };
    const [up, down] = matchProfessions(slope, [occupation("down", "CES", levels(2, 3, 4, 5, 6, 7)), occupation("up", "RIA", levels(7, 6, 5, 4, 3, 2))]);
    expect(up).toMatchObject({ occupation: { slug: "up" }, match: 100, reason: null, codeAgreement: 3 });
    expect(up!.r).toBeCloseTo(1, 12);
    expect(down).toMatchObject({ occupation: { slug: "down" }, match: 0, reason: null, codeAgreement: 0 });
    expect(down!.r).toBeCloseTo(-1, 12);
  });

  it("one high area against a falling profile: r = 0.6547, match 83", () => {
    // Person x = 100, 80, 60, 40, 20, 0: mean 50, dx = 50, 30, 10, −10, −30, −50, Σdx² = 7000.
    // Occupation y = 7, 1, 1, 1, 1, 1: mean 12 / 6 = 2, dy = 5, −1, −1, −1, −1, −1, Σdy² = 25 + 5 = 30.
    // Σdx·dy = 50 × 5 + (30 + 10 − 10 − 30 − 50) × (−1) = 250 + 50 = 300.
    // r = 300 / √(7000 × 30) = 300 / √210000 = 300 / 458.258 = 0.65465 → (1.65465) × 50 = 82.73 → 83.
    const [result] = matchProfessions({ R: 100, I: 80, A: 60, S: 40, E: 20, C: 0 }, [occupation("one-high", "R", levels(7, 1, 1, 1, 1, 1))]);
    expect(result!.r).toBeCloseTo(0.654654, 6);
    expect(result!.match).toBe(83);
  });

  it("a real result against Actuary (CIE): r = 0.9879, match 99", () => {
    // x = 30, 70, 15, 45, 55, 90: Σ = 305, mean 50.8333.
    //   dx = −20.8333, 19.1667, −35.8333, −5.8333, 4.1667, 39.1667
    //   Σdx² = 434.03 + 367.36 + 1284.03 + 34.03 + 17.36 + 1534.03 = 3670.83
    // y (Actuary) = 1.81, 4.44, 1.18, 2.47, 3.41, 6.24: Σ = 19.55, mean 3.2583.
    //   dy = −1.4483, 1.1817, −2.0783, −0.7883, 0.1517, 2.9817
    //   Σdy² = 2.0977 + 1.3963 + 4.3195 + 0.6215 + 0.0230 + 8.8903 = 17.3483
    // Σdx·dy = 30.174 + 22.649 + 74.474 + 4.599 + 0.632 + 116.782 = 249.308
    // r = 249.308 / √(3670.83 × 17.3483) = 249.308 / √63682.7 = 249.308 / 252.354 = 0.98793
    // match = round(1.98793 × 50) = round(99.40) = 99.
    const [result] = matchProfessions(person, [actuary]);
    expect(result!.r).toBeCloseTo(0.98793, 5);
    expect(result!.match).toBe(99);
    // The person's order is C, I, E, S, R, A: C first and I second agree with CIE, E third too.
    expect(result!.codeAgreement).toBe(3);
  });

  it("the same result against Carpenter (RC): r = −0.1929, match 40", () => {
    // x as above: dx = −20.8333, 19.1667, −35.8333, −5.8333, 4.1667, 39.1667, Σdx² = 3670.83.
    // y (Carpenter) = 6.74, 1.9, 2.19, 1.9, 1.79, 3.46: Σ = 17.98, mean 2.9967.
    //   dy = 3.7433, −1.0967, −0.8067, −1.0967, −1.2067, 0.4633
    //   Σdy² = 14.0125 + 1.2027 + 0.6507 + 1.2027 + 1.4560 + 0.2147 = 18.7393
    // Σdx·dy = −77.986 − 21.019 + 28.906 + 6.397 − 5.028 + 18.147 = −50.583
    // r = −50.583 / √(3670.83 × 18.7393) = −50.583 / √68789.0 = −50.583 / 262.277 = −0.19286
    // match = round(0.80714 × 50) = round(40.36) = 40.
    const [result] = matchProfessions(person, [carpenter]);
    expect(result!.r).toBeCloseTo(-0.19286, 5);
    expect(result!.match).toBe(40);
    expect(result!.codeAgreement).toBe(0);
  });

  it("returns every occupation, best first, with the statistic", () => {
    const ranked = matchProfessions(person, [carpenter, actuary]);
    expect(ranked.map((m) => [m.occupation.slug, m.match])).toEqual([
      ["actuary", 99],
      ["carpenter", 40],
    ]);
  });

  it("the match depends on the profile's shape, not its height: doubling or shifting the positions changes nothing", () => {
    const lower: RiasecPositions = { R: 15, I: 35, A: 7.5, S: 22.5, E: 27.5, C: 45 };
    const shifted: RiasecPositions = { R: 40, I: 80, A: 25, S: 55, E: 65, C: 100 };
    for (const profile of [lower, shifted]) {
      const [result] = matchProfessions(profile, [actuary]);
      expect(result!.r).toBeCloseTo(0.98793, 5);
      expect(result!.match).toBe(99);
    }
  });
});

describe("matchProfessions: ties", () => {
  // Two occupations with the same levels have the same r, so the same match; the code and then the
  // title decide. Person R 100, I 80: R is first and I second, so "RI" agrees on 2 letters and "IR" on none.
  const same = levels(6, 6, 2, 2, 2, 2);

  it("equal matches: the occupation whose code agrees with the person's top letters comes first", () => {
    const x: RiasecPositions = { R: 100, I: 80, A: 40, S: 30, E: 20, C: 10 };
    const ranked = matchProfessions(x, [occupation("a-ir", "IR", same, "Alpha"), occupation("b-ri", "RI", same, "Beta")]);
    expect(ranked.map((m) => [m.occupation.code, m.codeAgreement])).toEqual([
      ["RI", 2],
      ["IR", 0],
    ]);
    expect(ranked[0]!.match).toBe(ranked[1]!.match);
  });

  it("a tie in the person's own profile lets either letter agree; then the title decides", () => {
    const x: RiasecPositions = { R: 80, I: 80, A: 40, S: 30, E: 20, C: 10 };
    expect(codeAgreement(x, "RI")).toBe(2);
    expect(codeAgreement(x, "IR")).toBe(2);
    expect(codeAgreement(x, "IRA")).toBe(3);
    expect(codeAgreement(x, "A")).toBe(0);
    const ranked = matchProfessions(x, [occupation("z", "RI", same, "Zeta"), occupation("y", "IR", same, "Eta")]);
    expect(ranked.map((m) => m.occupation.title)).toEqual(["Eta", "Zeta"]);
  });

  it("the same title (and code) falls back to the slug, so the order never depends on the input", () => {
    const x: RiasecPositions = { R: 80, I: 70, A: 40, S: 30, E: 20, C: 10 };
    const ranked = matchProfessions(x, [occupation("b", "RI", same, "Same"), occupation("a", "RI", same, "Same")]);
    expect(ranked.map((m) => m.occupation.slug)).toEqual(["a", "b"]);
  });

  it("a rounded tie is a tie: 83 and 83 are ordered by code agreement, not by the fourth decimal of r", () => {
    const x: RiasecPositions = { R: 100, I: 80, A: 60, S: 40, E: 20, C: 0 };
    // one-high: r = 0.65465 → 82.73 → 83 (worked above). near: y = 7, 1.02, 1, 1, 1, 1 gives r = 0.65640 → 82.82 → 83, a
    // slightly higher r; but one-high's code R agrees with the person's first letter and near's IR does not.
    const ranked = matchProfessions(x, [occupation("near", "IR", levels(7, 1.02, 1, 1, 1, 1)), occupation("one-high", "R", levels(7, 1, 1, 1, 1, 1))]);
    expect(ranked.map((m) => m.match)).toEqual([83, 83]);
    expect(ranked[0]!.r!).toBeLessThan(ranked[1]!.r!);
    expect(ranked.map((m) => m.occupation.slug)).toEqual(["one-high", "near"]);
  });
});

describe("matchProfessions: no correlation", () => {
  it("a flat profile gives no number: match and r are null with the reason, for every occupation", () => {
    const flat: RiasecPositions = { R: 50, I: 50, A: 50, S: 50, E: 50, C: 50 };
    const ranked = matchProfessions(flat, [carpenter, actuary]);
    expect(ranked).toHaveLength(2);
    for (const m of ranked) expect(m).toMatchObject({ match: null, r: null, reason: "flat_profile" });
    // With every area tied, any letter may be at any rank; the title decides the order.
    expect(ranked.map((m) => m.occupation.slug)).toEqual(["actuary", "carpenter"]);
  });

  it("a flat profile of thirds (where a computed mean would not be exact) is still flat", () => {
    const third = 100 / 3;
    const [result] = matchProfessions({ R: third, I: third, A: third, S: third, E: third, C: third }, [actuary]);
    expect(result).toMatchObject({ match: null, r: null, reason: "flat_profile" });
  });

  it("a flat occupation gets no number and goes after every occupation that has one", () => {
    const ranked = matchProfessions(person, [occupation("flat", "R", levels(4, 4, 4, 4, 4, 4), "Aardvark keeper"), carpenter]);
    expect(ranked.map((m) => [m.occupation.slug, m.match, m.reason])).toEqual([
      ["carpenter", 40, null],
      ["flat", null, "flat_occupation"],
    ]);
  });

  it("a position outside 0–100 or not a number is an invalid profile, never NaN", () => {
    for (const bad of [
      { ...person, R: 101 },
      { ...person, I: -1 },
      { ...person, C: Number.NaN },
      { ...person, A: Number.POSITIVE_INFINITY },
    ]) {
      const [result] = matchProfessions(bad, [actuary]);
      expect(result).toMatchObject({ match: null, r: null, reason: "invalid_profile", codeAgreement: 0 });
    }
  });

  it("a level outside 1–7 is an invalid occupation", () => {
    const [result] = matchProfessions(person, [occupation("bad", "R", levels(8, 1, 1, 1, 1, 1))]);
    expect(result).toMatchObject({ match: null, r: null, reason: "invalid_occupation" });
  });

  it("pearson itself: null for unequal lengths, too few values or no variance", () => {
    expect(pearson([1, 2], [1])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
  });
});

describe("matchProfessions: determinism", () => {
  const many = [
    actuary,
    carpenter,
    occupation("nurse", "SIC", levels(3.66, 4.82, 1.31, 5.62, 2.28, 4.58), "Registered Nurse"),
    occupation("designer", "A", levels(3.2, 2.83, 7, 2.31, 3.61, 3.78), "Graphic Designer"),
    occupation("same-as-actuary", "CIE", actuary.levels, "Actuary (copy)"),
  ];

  it("the same input gives the same output, and the input order does not matter", () => {
    const first = matchProfessions(person, many);
    expect(matchProfessions(person, many)).toEqual(first);
    expect(matchProfessions(person, [...many].reverse())).toEqual(first);
    expect(matchProfessions(person, [many[3]!, many[0]!, many[4]!, many[2]!, many[1]!])).toEqual(first);
    // Actuary and its copy 99 (the title orders them), Registered Nurse 78 (r 0.564), Carpenter 40, Graphic Designer 25 (r −0.505).
    expect(first.map((m) => [m.occupation.slug, m.match])).toEqual([
      ["actuary", 99],
      ["same-as-actuary", 99],
      ["nurse", 78],
      ["carpenter", 40],
      ["designer", 25],
    ]);
  });

  it("does not change its input", () => {
    const input = [...many];
    const copy = structuredClone(input);
    matchProfessions(person, input);
    expect(input).toEqual(copy);
  });
});

describe("positionsFromScores", () => {
  const scale = (id: string, score: number) => ({ id, score, min: 0, max: 20 });
  const career = [
    scale("realistic", 6),
    scale("investigative", 14),
    scale("artistic", 3),
    scale("social", 9),
    scale("enterprising", 11),
    scale("conventional", 18),
  ];

  it("maps the career flow's six scales to R I A S E C by id, as positions in each scale's range", () => {
    expect(positionsFromScores(career)).toEqual(person);
    expect(positionsFromScores([...career].reverse())).toEqual(person);
    expect(positionsFromScores([{ id: "realistic", score: 3, min: 1, max: 5 }, ...career.slice(1)])!.R).toBe(50);
  });

  it("is null when a RIASEC scale is missing (another quiz) or has no range", () => {
    expect(positionsFromScores(career.slice(1))).toBeNull();
    expect(positionsFromScores([{ id: "exhaustion", score: 10, min: 0, max: 20 }])).toBeNull();
    expect(positionsFromScores([{ id: "realistic", score: 0, min: 0, max: 0 }, ...career.slice(1)])).toBeNull();
  });
});
