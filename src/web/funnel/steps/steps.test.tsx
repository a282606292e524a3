import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Step } from "#schemas/flow/steps.ts";
import { compiledForTest } from "#engine/flow/test-flow.ts";
import { NAME_MAX } from "#engine/flow/kinds/typed.ts";
import type { Answers } from "#engine/flow/types.ts";
import golden from "#tests/reports/__golden__/career-report.json";
import type { ReportDocument } from "#schemas/report/document.ts";
import { REFUND_TERMS } from "#schemas/content/refund-terms.ts";
import { StepScreen } from "../frame/StepScreen.tsx";
import { ScaleBars } from "./outcome/ScaleBars.tsx";
import type { StepContext } from "../frame/view-model.ts";

/** Whether `b` comes after `a` in the page (reading order). */
const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

type StepInput = Record<string, unknown> & { id: string; kind: Step["kind"]; title: string };

/** A flow of one step (plus a result and a scored likert item so scales exist), drawn as the visitor sees it. */
function show(
  step: StepInput,
  options: {
    answers?: Answers;
    error?: string;
    busy?: boolean;
    progress?: number;
    payment?: StepContext["payment"];
    coveringPlan?: string;
    report?: StepContext["report"];
    account?: { email: string; firstName: string | null };
  } = {},
) {
  const flow = compiledForTest({
    code: "component_flow",
    topic: "career",
    title: "Component flow",
    version: 1,
    paths: { start: "/component" },
    report: "component_report",
    answerSets: { like5: ["Strongly dislike", "Dislike", "Unsure", "Like", "Strongly like"].map((label, value) => ({ value, label })) },
    steps: [
      { ...step, next: step.kind === "result" ? undefined : "liking" } as never,
      { id: "liking", kind: "likert", title: "Build a bookshelf", answers: "like5", next: "done" },
      { id: "done", kind: "result", title: "Done" },
    ],
    scoring: {
      scales: [
        { id: "realistic", name: "Realistic", description: "Hands-on work", items: ["liking"] },
        { id: "social", name: "Social", items: [{ step: "liking", reverse: true }] },
      ],
    },
  });
  const onAnswer = vi.fn();
  const view = render(
    <MemoryRouter>
      <StepScreen
        flow={flow}
        stepId={step.id}
        answers={options.answers ?? {}}
        t={(c) => `{{${c}}}`}
        onAnswer={onAnswer}
        onBack={null}
        handling={{ error: options.error, busy: options.busy, progress: options.progress }}
        loaded={{ payment: options.payment, coveringPlan: options.coveringPlan, report: options.report }}
        account={options.account ? { account: options.account, onLogOut: () => {} } : undefined}
      />
    </MemoryRouter>,
  );
  return { onAnswer, user: userEvent.setup(), ...view };
}

const options = [
  { id: "student", label: "Student" },
  { id: "working", label: "Working" },
];

describe("step renderers", () => {
  it("single choice: a radio group named by the question; a tap answers with the option id", async () => {
    const { onAnswer, user } = show({ id: "stage", kind: "single_choice", title: "Where are you now?", options });
    const group = screen.getByRole("radiogroup", { name: "Where are you now?" });
    await user.click(within(group).getByRole("radio", { name: "Working" }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith("working"));
  });

  it("single choice: keyboard users choose with the arrow keys and confirm with Continue", async () => {
    const { onAnswer, user } = show({ id: "stage", kind: "single_choice", title: "Where are you now?", options });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Continue" }).disabled).toBe(true);
    screen.getByRole("radio", { name: "Student" }).focus();
    await user.keyboard(" ");
    expect(onAnswer).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith("student");
  });

  it("single choice: an earlier answer is shown as chosen", () => {
    show({ id: "stage", kind: "single_choice", title: "Where are you now?", options }, { answers: { stage: "working" } });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Working" }).checked).toBe(true);
  });

  it("likert: the answer set's labels as radios; the answer is the number", async () => {
    const { onAnswer, user } = show({ id: "q", kind: "likert", title: "Repair a bicycle", answers: "like5" });
    expect(screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      "Strongly dislike",
      "Dislike",
      "Unsure",
      "Like",
      "Strongly like",
    ]);
    await user.click(screen.getByRole("radio", { name: "Like" }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(3));
  });

  it("multiple choice: says what to choose, announces too few, answers with the ids in option order", async () => {
    const { onAnswer, user } = show({
      id: "m",
      kind: "multiple_choice",
      title: "What matters?",
      options: [...options, { id: "money", label: "Money" }],
      min: 2,
    });
    expect(screen.getByText("Choose 2–3")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Money" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert").textContent).toContain("Choose at least 2 answers.");
    await user.click(screen.getByRole("checkbox", { name: "Student" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith(["student", "money"]);
  });

  it("slider: shows the value with its unit and answers with the number", async () => {
    const { onAnswer, user } = show({ id: "hours", kind: "slider", title: "Hours of sleep", min: 4, max: 10, unit: "hours", initial: 7 });
    expect(screen.getByRole("slider", { name: "Hours of sleep" }).getAttribute("aria-valuetext")).toBe("7 hours");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith(7);
  });

  it("an optional question offers Skip, which answers null; a required one has no Skip", async () => {
    const optional = show({ id: "hours", kind: "slider", title: "Hours of sleep", min: 4, max: 10, optional: true });
    await optional.user.click(screen.getByRole("button", { name: "Skip this question" }));
    expect(optional.onAnswer).toHaveBeenCalledWith(null);
    optional.unmount();
    const likert = show({ id: "mood", kind: "likert", title: "I feel rested", answers: "like5", optional: true });
    await likert.user.click(screen.getByRole("button", { name: "Skip this question" }));
    expect(likert.onAnswer).toHaveBeenCalledWith(null);
    likert.unmount();
    show({
      id: "role",
      kind: "single_choice",
      title: "Your role",
      options: [
        { id: "a", label: "A" },
        { id: "b", label: "B" },
      ],
    });
    expect(screen.queryByRole("button", { name: "Skip this question" })).toBeNull();
  });

  it("slider: without an answer it starts in the middle, on the grid of steps that starts at min", async () => {
    const { onAnswer, user } = show({ id: "years", kind: "slider", title: "Years in your job", min: 1, max: 10, step: 2 });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith(5);
  });

  it("single choice: a problem from the server is shown and announced", () => {
    show({ id: "stage", kind: "single_choice", title: "Where are you now?", options }, { error: "We could not save your answer." });
    expect(screen.getByRole("alert").textContent).toContain("We could not save your answer.");
  });

  it("short text: a required answer cannot be empty; the answer is trimmed", async () => {
    const { onAnswer, user } = show({ id: "dream", kind: "short_text", title: "Your dream job?", label: "Describe it in a few words" });
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert").textContent).toContain("Please write a short answer");
    expect(screen.getByLabelText("Describe it in a few words").getAttribute("aria-invalid")).toBe("true");
    await user.type(screen.getByLabelText("Describe it in a few words"), "  Park ranger ");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith("Park ranger");
  });

  it("name: labelled, with the given-name autocomplete, as long as the server takes; an optional name may be skipped", async () => {
    const { onAnswer, user } = show({ id: "name", kind: "name", title: "What should we call you?", label: "First name", optional: true });
    expect(screen.getByLabelText("First name").getAttribute("autocomplete")).toBe("given-name");
    expect(screen.getByLabelText("First name").getAttribute("maxlength")).toBe(String(NAME_MAX));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith("");
  });

  it("name: a logged-in customer finds the first name their account knows, and may change it", async () => {
    const step = { id: "name", kind: "name", title: "What should we call you?", label: "First name" } as const;
    const account = { email: "ada@example.org", firstName: "Ada" };
    const { onAnswer, user } = show(step, { account });
    const field = screen.getByRole<HTMLInputElement>("textbox", { name: "First name" });
    expect(field.value).toBe("Ada");
    expect(field.readOnly).toBe(false);
    await user.clear(field);
    await user.type(field, "Addie");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith("Addie");
    cleanup();

    // What this quiz was already answered with comes first; an account without a name leaves it empty.
    show(step, { account, answers: { name: "Lovelace" } });
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "First name" }).value).toBe("Lovelace");
    cleanup();
    show(step, { account: { ...account, firstName: null } });
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "First name" }).value).toBe("");
  });

  it("e-mail: refuses a malformed address, links the legal pages in the consent copy, shows a server problem", async () => {
    const { onAnswer, user } = show(
      {
        id: "email",
        kind: "email",
        title: "Where should we send your report?",
        label: "Email address",
        consent: "By continuing you accept our Terms of Service and Privacy Policy.",
      },
      { error: "Too many attempts. Please wait a minute." },
    );
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms-of-service");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
    expect(screen.getByRole("alert").textContent).toContain("Too many attempts");
    await user.type(screen.getByLabelText("Email address"), "sam@example");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert").textContent).toContain("doesn’t look like an email address");
    expect(onAnswer).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "sam@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onAnswer).toHaveBeenCalledWith("sam@example.com");
  });

  it("e-mail: while busy the button says so and cannot be pressed twice", () => {
    show({ id: "email", kind: "email", title: "Your email", label: "Email address", consent: "We only use it for your report." }, { busy: true });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "One moment…" }).disabled).toBe(true);
  });

  it("info: shows the copy and the picture with its alt text; Continue answers with nothing", async () => {
    const { onAnswer, user } = show({
      id: "intro",
      kind: "info",
      title: "Halfway there",
      body: ["Fifteen to go."],
      image: { src: "/content-images/flow-career-path.svg", alt: "A winding path" },
      cta: "Keep going",
    });
    expect(screen.getByText("Fifteen to go.")).toBeTruthy();
    expect(screen.getByRole("img", { name: "A winding path" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Keep going" }));
    expect(onAnswer).toHaveBeenCalledWith();
  });

  it("a question with a picture shows it under its title, before the answers", () => {
    show({
      id: "fixing",
      kind: "likert",
      title: "Repair a bicycle",
      answers: "like5",
      image: { src: "/content-images/flow-career-path.svg", alt: "A bicycle on a stand" },
    });
    const picture = screen.getByRole("img", { name: "A bicycle on a stand" });
    expect(follows(screen.getByRole("heading", { name: "Repair a bicycle" }), picture)).toBe(true);
    expect(follows(picture, screen.getByRole("radiogroup"))).toBe(true);
  });

  it("info on a funnel's first step: the button right after the opening paragraph, the details under it", () => {
    show({
      id: "intro",
      kind: "info",
      title: "Find your kind of work",
      body: ["What it measures.", "How long it takes.", "Where the items come from."],
      cta: "Start the test",
    });
    const button = screen.getByRole("button", { name: "Start the test" });
    expect(follows(screen.getByText("What it measures."), button)).toBe(true);
    expect(follows(button, screen.getByText("How long it takes."))).toBe(true);
    expect(follows(button, screen.getByText("Where the items come from."))).toBe(true);
  });

  it("summary and result: the scales scored from the answers, highest first, each with a text equivalent", () => {
    show({ id: "sum", kind: "summary", title: "Your profile" }, { answers: { liking: 4 } });
    expect(screen.getAllByRole("img").map((i) => i.getAttribute("aria-label"))).toEqual(["Realistic: 100 percent", "Social: 0 percent"]);
    expect(screen.getByText("Hands-on work")).toBeTruthy();
  });

  it("preparing: a progress bar with its value and the message being worked on", () => {
    show({ id: "prep", kind: "preparing", title: "Scoring", messages: ["Adding up", "Comparing", "Finding"] }, { progress: 0.5 });
    expect(screen.getByRole("progressbar", { name: "Analysis progress" }).getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getAllByRole("listitem").find((li) => li.getAttribute("aria-current") === "step")?.textContent).toBe("Comparing");
    expect(screen.getByRole("status").textContent).toBe("Comparing");
    expect(screen.queryByRole("button", { name: /back/i })).toBeNull();
  });

  it("pre-checkout: what the report includes, before any payment detail", () => {
    show({
      id: "pre",
      kind: "pre_checkout",
      title: "Your report is ready",
      includes: [
        { text: "Your full profile", delivers: "profile" },
        { text: "Matched professions", delivers: "professions" },
      ],
    });
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toContain("Matched professions");
    expect(screen.queryByLabelText(/card/i)).toBeNull();
  });

  it("pre-checkout for a subscriber: 'Included in your plan' with the plan's name, no plans, no price copy, and one button that answers", async () => {
    const { onAnswer, user } = show(
      {
        id: "pre",
        kind: "pre_checkout",
        title: "Your report",
        body: ["The price and any renewal terms are shown below before you pay."],
        includes: [{ text: "Your full profile", delivers: "profile" }],
      },
      { coveringPlan: "1 month" },
    );
    const included = screen.getByRole("region", { name: "Included in your plan" });
    expect(included.textContent).toContain("Your 1 month plan includes the report of every assessment, so there is nothing to pay.");
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.queryByText(/price and any renewal terms/)).toBeNull();
    expect(screen.queryByText(REFUND_TERMS)).toBeNull();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toContain("Your full profile");
    await user.click(screen.getByRole("button", { name: "Get my report" }));
    expect(onAnswer).toHaveBeenCalledWith(null);
  });

  it("pre-checkout for everyone else: the refund terms in one sentence next to the price, linking the policy", () => {
    show({ id: "pre", kind: "pre_checkout", title: "Your report", includes: [{ text: "Your full profile", delivers: "profile" }] });
    const terms = screen.getByText(REFUND_TERMS);
    expect(within(terms.closest("p")!).getByRole("link", { name: "Refund policy" }).getAttribute("href")).toBe("/refund-policy");
    expect(screen.queryByRole("region", { name: "Included in your plan" })).toBeNull();
  });

  it("pre-checkout: the visitor's scores under the flow's own heading, and none without one", () => {
    const includes = [{ text: "Your full profile", delivers: "profile" }];
    const answers = { liking: 4 };
    const titled = show({ id: "pre", kind: "pre_checkout", title: "Your report", includes, scalesTitle: "Your strongest areas" }, { answers });
    expect(screen.getByText("Your strongest areas")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Realistic: 100 percent" })).toBeTruthy();
    titled.unmount();
    show({ id: "pre", kind: "pre_checkout", title: "Your report", includes }, { answers });
    expect(screen.queryByRole("img", { name: /Realistic/ })).toBeNull();
  });

  it("scale bars: a level in words and its own score; a profile in percent", () => {
    render(
      <ScaleBars
        scales={[
          { id: "anxiety", name: "Anxiety", score: 12, min: 0, max: 21, share: 12 / 21, band: { id: "moderate", label: "Moderate" } },
          { id: "social", name: "Social", score: 15, min: 0, max: 20, share: 0.75 },
        ]}
      />,
    );
    expect(screen.getByRole("img", { name: "Anxiety: Moderate, 12 of 21" })).toBeTruthy();
    expect(screen.getByText("Moderate")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Social: 75 percent" })).toBeTruthy();
  });

  it("payment: shows why checkout could not open", () => {
    show({ id: "pay", kind: "payment", title: "Checkout" }, { error: "We could not open the secure checkout." });
    expect(screen.getByRole("alert").textContent).toContain("We could not open the secure checkout.");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Continue to secure checkout" }).disabled).toBe(false);
  });

  it("payment, already paid (browser Back): headed so instead of the step's title, no checkout, no word of logging in, a way on to the report", async () => {
    const { onAnswer, user } = show(
      { id: "pay", kind: "payment", title: "Secure payment", body: ["We will email you a link to log in."] },
      { payment: "paid" },
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your report is paid for");
    expect(screen.queryByText(/Secure payment/)).toBeNull();
    expect(screen.getByRole("main").textContent).not.toMatch(/log ?in/i);
    expect(screen.getByRole("main").textContent).toContain("Your report is saved in your account");
    expect(screen.queryByRole("button", { name: "Continue to secure checkout" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "See your report" }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it("payment, included in the customer's plan (browser Back from the report): nothing to pay, no checkout button, a way on to the report", async () => {
    const { onAnswer, user } = show({ id: "pay", kind: "payment", title: "Secure payment" }, { payment: "included" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your report is included in your plan");
    expect(screen.queryByText(/Secure payment/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Continue to secure checkout" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "See your report" }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it("payment, a plan already active: no checkout button, a link to My plans", () => {
    show({ id: "pay", kind: "payment", title: "Checkout" }, { payment: "plan_active" });
    expect(screen.queryByRole("button", { name: "Continue to secure checkout" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to My plans" }).getAttribute("href")).toBe("/account/profile/my-plans");
  });

  it("result: the paid report under one h1, with PDF downloads in both paper sizes", () => {
    const document = golden as ReportDocument;
    show(
      { id: "result", kind: "result", title: "Thank you, here is your report" },
      { report: { state: "ready", sessionId: "s-1", view: { access: "full", status: "ready", document } } },
    );
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Thank you, here is your report"]);
    expect(screen.getByRole("heading", { level: 2, name: document.title })).toBeTruthy();
    const hrefs = screen.getAllByRole("link", { name: /^Download/ }).map((a) => a.getAttribute("href"));
    expect(hrefs.sort()).toEqual(["/api/quiz/sessions/s-1/report.pdf?paper=a4", "/api/quiz/sessions/s-1/report.pdf?paper=letter"]);
    expect(screen.getByText(/Prepared for/)).toBeTruthy();
  });

  it("result: while the paid report is built, says so; a failed build says what happens next", () => {
    const view = show(
      { id: "result", kind: "result", title: "Thank you" },
      { report: { state: "ready", sessionId: "s-1", view: { access: "full", status: "generating", document: null } } },
    );
    expect(screen.getByRole("status").textContent).toMatch(/Preparing your personal report/);
    view.unmount();
    show(
      { id: "result", kind: "result", title: "Thank you" },
      { report: { state: "ready", sessionId: "s-1", view: { access: "full", status: "failed", document: null } } },
    );
    expect(screen.getByRole("alert").textContent).toMatch(/could not prepare your report/);
  });

  it("summary: the server's teaser, with the other sections locked, then the step's button", () => {
    const full = golden as ReportDocument;
    const document = { ...full, sections: full.sections.map((s, i) => (i === 0 ? s : { ...s, blocks: [], locked: true })) };
    show(
      { id: "summary", kind: "summary", title: "Your interest profile", cta: "Get my full report" },
      { report: { state: "ready", sessionId: "s-1", view: { access: "teaser", status: null, document } } },
    );
    expect(screen.getAllByText(/Unlocked with your report/).length).toBeGreaterThan(3);
    expect(screen.getByText(/Professions that match your profile/)).toBeTruthy();
    expect(screen.queryByText(/school counselor/i)).toBeNull();
    expect(screen.getByRole("button", { name: "Get my full report" })).toBeTruthy();
  });

  it("feedback: a rating is required; the comment is optional; then a thank-you", async () => {
    const { onAnswer, user } = show({ id: "fb", kind: "feedback", title: "One last thing", question: "How useful was this?" });
    await user.click(screen.getByRole("button", { name: "Send feedback" }));
    expect(screen.getByRole("alert").textContent).toContain("Choose a rating");
    await user.click(screen.getByRole("radio", { name: "4 · Very" }));
    await user.click(screen.getByRole("button", { name: "Send feedback" }));
    expect(onAnswer).toHaveBeenCalledWith({ rating: 4 });
    expect(screen.getByRole("status").textContent).toContain("Thank you");
  });

  it("numbers question steps and shows the title as the page's only heading", () => {
    show({ id: "q", kind: "likert", title: "Repair a bicycle", answers: "like5" });
    expect(screen.getByText("Question 1 of 2")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toContain("Repair a bicycle");
  });
});
