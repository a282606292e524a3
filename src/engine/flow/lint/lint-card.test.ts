import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { checkImages } from "../load/check-images.ts";
import { minutesRange } from "./lint-card.ts";
import { loadFlow } from "../load/load-flow.ts";

const likert = (id: string, next: string) => ({ id, kind: "likert", answers: "agree", title: `Statement ${id}`, next });

/** A flow of a topic no code lists, with `questions` likert steps and the given card. */
const text = (questions: number, card: Record<string, unknown> | undefined, topic = "leadership") =>
  stringify({
    code: "lead_flow",
    topic,
    title: "Leadership",
    version: 1,
    paths: { start: "/leadership" },
    report: "lead_report",
    answerSets: {
      agree: [
        { value: 1, label: "No" },
        { value: 2, label: "Yes" },
      ],
    },
    ...(card ? { card } : {}),
    steps: [
      ...Array.from({ length: questions }, (_, i) => likert(`q${i + 1}`, i + 1 < questions ? `q${i + 2}` : "result")),
      { id: "result", kind: "result", title: "R" },
    ],
  });

const card = {
  title: "Leadership Style",
  line: "See how you lead.",
  minutes: 2,
  picture: { src: "/content-images/article-giving-feedback.svg", alt: "Two people" },
  category: "skills",
  order: 5,
};

describe("a flow's topic and card", () => {
  it("takes any topic id, and refuses one a URL could not carry", () => {
    expect(loadFlow("flows/lead.yaml", text(9, card)).ok).toBe(true);
    const bad = loadFlow("flows/lead.yaml", text(9, card, "Leadership Style"));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems).toEqual([expect.objectContaining({ path: "topic", line: 2, message: expect.stringContaining("lower-case letters") })]);
  });

  it("allows 4 to 20 seconds a question, rounded to the minute and never under one", () => {
    expect(minutesRange(9)).toEqual({ least: 1, most: 3 });
    expect(minutesRange(30)).toEqual({ least: 2, most: 10 });
    expect(minutesRange(1)).toEqual({ least: 1, most: 1 });
  });

  it("refuses minutes that contradict the questions, at card.minutes, with the range as a hint", () => {
    const source = text(9, { ...card, minutes: 10 });
    const result = loadFlow("flows/lead.yaml", source);
    expect(result.ok).toBe(false);
    const line = source.split("\n").findIndex((l) => l.includes("minutes: 10")) + 1;
    expect(!result.ok && result.problems).toEqual([
      expect.objectContaining({
        file: "flows/lead.yaml",
        line,
        path: "card.minutes",
        message: "card.minutes says 10 minutes, but the flow asks 9 questions",
        hint: "at 4–20 seconds a question that is 1 to 3 minutes",
      }),
    ]);
  });

  it("needs alt text on the picture, a known category and a whole-number order", () => {
    const result = loadFlow("flows/lead.yaml", text(9, { ...card, picture: { src: card.picture.src, alt: "" }, category: "leadership", order: 1.5 }));
    expect(!result.ok && result.problems.map((p) => p.path).sort()).toEqual(["card.category", "card.order", "card.picture.alt"]);
  });

  it("leaves the card out of the flow's hash: new card copy does not restart runs under way", () => {
    const a = loadFlow("flows/lead.yaml", text(9, card));
    const b = loadFlow("flows/lead.yaml", text(9, { ...card, title: "How You Lead", order: 50 }));
    const none = loadFlow("flows/lead.yaml", text(9, undefined));
    expect(a.ok && b.ok && none.ok).toBe(true);
    if (a.ok && b.ok && none.ok) {
      expect(a.value.card?.title).toBe("Leadership Style");
      expect(b.value.hash).toBe(a.value.hash);
      expect(none.value.hash).toBe(a.value.hash);
    }
  });

  it("reports a card picture that is not in content/images, at card.picture.src, with a guess", () => {
    const source = text(9, { ...card, picture: { src: "/content-images/article-giving-feedbak.svg", alt: "Two people" } });
    const loaded = loadFlow("flows/lead.yaml", source);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const problems = checkImages([loaded.value], ["article-giving-feedback.svg"], new Map([["flows/lead.yaml", source]]));
    expect(problems).toEqual([
      expect.objectContaining({
        path: "card.picture.src",
        line: source.split("\n").findIndex((l) => l.includes("giving-feedbak")) + 1,
        message: "image /content-images/article-giving-feedbak.svg does not exist",
        hint: expect.stringContaining("/content-images/article-giving-feedback.svg"),
      }),
    ]);
    expect(checkImages([loaded.value], ["article-giving-feedbak.svg"], new Map([["flows/lead.yaml", source]]))).toEqual([]);
  });
});
