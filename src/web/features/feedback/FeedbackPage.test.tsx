import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockFetch, ok } from "#web/test/fetch-mock.ts";
import { renderRoute } from "#web/test/render-route.tsx";

describe("FeedbackPage", () => {
  it("sends the rating, the comment and the report it was opened from, then thanks with focus on the thanks", async () => {
    const calls = mockFetch({ "POST /feedback": ok({ ok: true }, 201) });
    renderRoute("/feedback-burnout?report=burnout_cbi");
    expect(await screen.findByRole("heading", { level: 1, name: "How was your burnout check?" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "4 Very useful" }));
    await user.type(screen.getByRole("textbox", { name: "Anything you would like to add? (optional)" }), "The steps were practical.");
    expect(screen.getByText(/^25 of 2,000 characters/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send feedback" }));
    const thanks = await screen.findByRole("heading", { level: 1, name: "Thank you" });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(calls.filter((c) => c.path === "/feedback")).toEqual([
      { method: "POST", path: "/feedback", body: { form: "burnout", rating: 4, comment: "The steps were practical.", report: "burnout_cbi" } },
    ]);
  });

  it("asks for a rating before sending anything; the general page sends no report or empty comment", async () => {
    const calls = mockFetch({ "POST /feedback": ok({ ok: true }, 201) });
    renderRoute("/feedback?report=../../etc");
    expect(await screen.findByRole("heading", { level: 1, name: "Tell us what you think" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Send feedback" }));
    expect(screen.getByRole("alert").textContent).toBe("Please choose a rating from 1 to 5.");
    expect(calls.filter((c) => c.path === "/feedback")).toEqual([]);
    await user.click(screen.getByRole("radio", { name: "2 A little useful" }));
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send feedback" }));
    await screen.findByRole("heading", { level: 1, name: "Thank you" });
    expect(calls.find((c) => c.path === "/feedback")?.body).toEqual({ form: "general", rating: 2 });
  });

  it("the general page opened from a report asks about that report", async () => {
    mockFetch({});
    renderRoute("/feedback?report=anxiety_gad7");
    expect(await screen.findByRole("group", { name: "How useful was your report?" })).toBeTruthy();
  });

  it("says so when the server asks to wait, and keeps what was typed", async () => {
    mockFetch({ "POST /feedback": fail(429, "rate_limited", "Too many") });
    renderRoute("/feedback-work_life");
    expect(await screen.findByRole("heading", { level: 1, name: "How was your work-life balance check?" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "5 Extremely useful" }));
    await user.type(screen.getByRole("textbox"), "More on evenings, please.");
    await user.click(screen.getByRole("button", { name: "Send feedback" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Thank you, we already have your feedback/);
    expect(screen.getByRole<HTMLTextAreaElement>("textbox").value).toBe("More on evenings, please.");
  });
});
