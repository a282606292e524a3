import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { readFlows } from "#server/flows/read-flows.ts";
import { readPdf } from "../helpers/read-pdf.ts";
import { payTrialInSandbox, walkFunnel } from "./funnel-steps.ts";
import { checkReadingAndAccount, checkResultPage, checkTeaser, flows as allFlows } from "./report-wrap.ts";
import { screens } from "./screens.ts";

/**
 * The topic funnels without a spec of their own, each walked in Chromium against the real server as a
 * buyer would: from the home page's card to the first question, every question answered, the level
 * in words in the free teaser, the flow's own heading and bars on the pre-checkout, paid in the
 * sandbox, then every promised section in the report, a text only these answers produce, the PDF,
 * and the feedback page under it. (Anxiety and burnout have their own specs.)
 *
 * The same walk checks the report at 375 px for words broken inside (report-wrap.ts): the teaser at
 * the summary step, the paid result page, `?style=2` and the account's report page, with the walk's
 * own answers (the chosen extremes below, not the funnel's default answers); every broken word is
 * collected and the test fails at its end naming them all.
 *
 * Each walk says where each scale should land (its highest or lowest score, or the middle answer
 * throughout); the answer labels that get it there are read from the flow, reversed items included,
 * so a re-worded question does not break the walk while a re-scored one does.
 */
type Target = "max" | "min" | "mid";
type TopicWalk = {
  /** The home page card's name. */
  card: string;
  file: string;
  targets: Record<string, Target>;
  /** Answers to unscored questions, by step id: the option's label. The rest take the first option. */
  context?: Record<string, string>;
  /** A help step the answers lead to before the summary. */
  support?: string;
  /** Text the free teaser shows for these answers. */
  teaser: string;
  /** The accessible name of one bar on the pre-checkout. */
  bar: string;
  report: string;
  sections: string[];
  /** Text in the report that only these answers produce. */
  reportText: string;
  /** Text that must be in the PDF besides the report's title. */
  pdfText: string;
  feedback: string;
};

const walks: TopicWalk[] = [
  {
    card: "Stress Level",
    file: "stress-level.yaml",
    targets: { stress: "max", recovery: "min" },
    support: "/stress-level/support",
    teaser: "Your perceived stress over the last month is very high, 4 out of 4.",
    bar: "Perceived stress: Very high, 4 of 4",
    report: "Your stress report",
    sections: [
      "Your stress and recovery",
      "Where your pressure comes from",
      "Your next steps",
      "When and where to get help",
      "How the check works, and its sources",
    ],
    reportText: "Book an appointment with your doctor and take this report with you",
    pdfText: "not a diagnosis",
    feedback: "/feedback?report=stress_level",
  },
  {
    card: "Work-Life Balance",
    file: "work_life.yaml",
    targets: { work_to_life: "max", life_to_work: "min", balance: "min" },
    teaser: "Your balance satisfaction is low, 1 out of 5:",
    bar: "Work spilling into life: High, 5 of 5",
    report: "Your work–life balance report",
    sections: ["Your balance from three sides", "Your week: hours, place of work and care", "Changes to try first", "How the check works, and its sources"],
    reportText: "the burnout check at /burnout looks at exhaustion",
    pdfText: "Brough",
    feedback: "/feedback-work_life?report=work_life_balance",
  },
  {
    card: "Emotional Intelligence",
    file: "emotional_intelligence.yaml",
    targets: { attention: "max", positive: "mid", negative: "min", decisions: "mid" },
    // Attention at the top and negative expressivity at the bottom are equally far from the middle (ADR 036).
    teaser: "Attention to emotions and negative expressivity are equally marked in your emotional style",
    bar: "Attention to emotions: High, 5 of 5",
    report: "Your emotional style report",
    sections: ["Your emotional style profile", "The moments at work you find hardest", "Your next steps", "How the assessment works, and its sources"],
    reportText: "you tend to keep difficult feelings to yourself",
    pdfText: "International Personality Item Pool",
    feedback: "/feedback-emotional_intelligence?report=emotional_intelligence_ipip",
  },
  {
    card: "Time Management",
    file: "time-management.yaml",
    targets: { goals: "max", mechanics: "mid", control: "mid", self_discipline: "mid", orderliness: "min" },
    teaser: "Your strongest area of time management is goals and priorities: 5 out of 5, high. The area with most room to grow is orderliness.",
    bar: "Goals and priorities: High, 5 of 5",
    report: "Your time management report",
    sections: [
      "Your time management profile",
      "What takes your time away from what matters",
      "What time management can and cannot do",
      "Your next steps",
      "How the check works, and its sources",
    ],
    reportText: "End each working day with a five-minute reset",
    pdfText: "Macan",
    feedback: "/feedback?report=time_management",
  },
  {
    card: "True Calling",
    file: "true-calling.yaml",
    targets: { presence: "max", search: "min" },
    teaser: "Your sense of having a calling is high",
    bar: "Having a calling: High, 4 of 4",
    report: "Your calling report",
    sections: [
      "Your two scores",
      "Having a calling and searching for one, together",
      "What gives your work meaning",
      "Your next steps",
      "How the check works, and its sources",
    ],
    reportText: "Settled in your calling",
    pdfText: "Dik",
    feedback: "/feedback?report=true_calling",
  },
  {
    card: "Career Switch Readiness",
    file: "switch.yaml",
    targets: { concern: "max", control: "mid", curiosity: "mid", confidence: "mid", runway: "min", support: "mid" },
    teaser: "Your financial runway is a gap, so your full report starts with routes that keep some income",
    bar: "Planning ahead: Strong, 4 of 4",
    report: "Your career switch report",
    sections: [
      "Your readiness profile",
      "Your gaps, and how to close them",
      "Your switch, your timeline and what holds you back",
      "Your next steps",
      "How the check works, and its sources",
    ],
    reportText: "Financial runway is a gap.",
    pdfText: "not financial advice",
    feedback: "/feedback?report=career_switch",
  },
  {
    card: "Income Growth",
    file: "income.yaml",
    targets: { skills: "max", visibility: "mid", asking: "mid", planning: "mid" },
    context: { goal: "A move into a better-paid field" },
    // The three other habits are level (all in the middle): named as a tie, not one picked by order (ADR 036).
    teaser: "are level as the ones with the most room to grow",
    bar: "Skills the market pays for: Strong, 4 of 4",
    report: "Your income growth report",
    sections: ["Your four habits", "Your biggest levers", "A route for your goal", "Your next steps", "How the check works, and its sources"],
    reportText: "Test the new field first",
    pdfText: "not financial advice",
    feedback: "/feedback?report=income_growth",
  },
];

/** A flow text as the page shows it; these funnels write their texts inline (no catalogue codes). */
function plain(text: unknown): string {
  if (typeof text !== "string") throw new Error(`expected inline text, got ${JSON.stringify(text)}`);
  return text;
}

/** Question title → answer label that puts each scale at its target; context answers by their step's title. */
function answerKey(flow: CompiledFlow, walk: TopicWalk): Map<string, string> {
  const key = new Map<string, string>();
  const stepOf = (id: string) => flow.steps.find((s) => s.id === id)!;
  const titleOf = (id: string) => plain(stepOf(id).title);
  for (const scale of flow.scoring?.scales ?? []) {
    const target = walk.targets[scale.id];
    if (!target) throw new Error(`${walk.file}: no target for scale ${scale.id}`);
    for (const item of scale.items) {
      const { step, reverse } = typeof item === "string" ? { step: item, reverse: false } : item;
      const s = stepOf(step);
      if (s.kind !== "likert") throw new Error(`${walk.file}: ${step} is not a likert step`);
      const answers = [...flow.answerSets[s.answers]!].sort((a, b) => a.value - b.value);
      const up = target === "max" ? !reverse : !!reverse;
      const pick = target === "mid" ? answers[Math.floor(answers.length / 2)]! : up ? answers.at(-1)! : answers[0]!;
      key.set(titleOf(step), plain(pick.label));
    }
  }
  for (const [id, label] of Object.entries(walk.context ?? {})) key.set(titleOf(id), label);
  return key;
}

for (const walk of walks) {
  test(`${walk.card}: from the home page's card to the paid report, its PDF and the feedback page`, async ({ page }) => {
    test.setTimeout(300_000);
    const problems: string[] = [];
    const flows = await readFlows(join(process.cwd(), "flows"), new RegExp(`^${walk.file.replace(".", "\\.")}$`));
    if (!flows.ok) throw new Error(`${walk.file} does not load`);
    const flow = flows.flows[0]!;
    const key = answerKey(flow, walk);
    const start = flow.paths.start;
    const topic = flow.topic;

    await page.goto("/");
    await page.getByRole("link", { name: walk.card }).click();
    await expect(page).toHaveURL(new RegExp(`${start}$`));
    await screens(page, topic, "intro", { widths: [[375, 812]] });

    const email = `${topic}-${Date.now()}@example.org`;
    const passed = await walkFunnel(page, { start, until: `${start}/summary`, email, firstName: "Robin", choose: (title) => key.get(title) });
    // Every scored question was on the way.
    expect(passed.length).toBeGreaterThan(key.size);
    if (walk.support) expect(passed.indexOf(walk.support)).toBeGreaterThan(-1);
    else expect(passed.some((p) => p.endsWith("/support"))).toBe(false);
    await expect(page.locator("main")).toContainText(walk.teaser);
    await screens(page, topic, "summary");
    await checkTeaser(page, flow, problems);

    await walkFunnel(page, { start: page.url(), until: `${start}/pre-checkout`, email, firstName: "Robin" });
    const scalesTitle = flow.steps.find((s) => s.kind === "pre_checkout");
    if (scalesTitle && "scalesTitle" in scalesTitle) await expect(page.getByText(plain(scalesTitle.scalesTitle))).toBeVisible();
    await expect(page.getByRole("img", { name: walk.bar })).toBeVisible();
    await screens(page, topic, "pre-checkout", { widths: [[1440, 900]] });
    await payTrialInSandbox(page);

    await page.getByRole("link", { name: "See your result" }).click();
    await expect(page).toHaveURL(new RegExp(`${start}/get-result$`));
    await expect(page.getByRole("heading", { level: 2, name: walk.report })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Prepared for Robin")).toBeVisible();
    for (const section of walk.sections) await expect(page.getByRole("heading", { name: section }).first()).toBeVisible();
    await expect(page.getByText(walk.reportText).first()).toBeVisible();
    await screens(page, topic, "report");
    await checkResultPage(page, flow, problems);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    const text = (await readPdf(new Uint8Array(await readFile(await download.path())))).text.replace(/\s+/g, " ");
    expect(text).toContain(walk.report);
    expect(text).toContain(walk.pdfText);

    await page.getByRole("link", { name: "Tell us in under a minute" }).click();
    await expect(page).toHaveURL(new RegExp(`${walk.feedback.replace("?", "\\?")}$`));

    // The reading style; then, logged in from the receipt's link, the account's report page.
    await checkReadingAndAccount(page, flow, email, problems);
    expect(problems, "words broken inside at 375 px").toEqual([]);
  });
}

test("the walks here, anxiety-funnel's and burnout-funnel's cover the nine topic flows (every flow but career) for the wrap check", async () => {
  const topics = (await allFlows()).filter((f) => !f.file.endsWith("career.yaml"));
  expect(topics).toHaveLength(9);
  const walked = [...walks.map((w) => w.file), "anxiety.yaml", "burnout.yaml"];
  expect(topics.map((f) => f.file.split("/").at(-1)).sort()).toEqual(walked.sort());
});
