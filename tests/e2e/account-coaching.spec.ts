import { expect, test } from "@playwright/test";
import { mailText, newSubscriber } from "./account-setup.ts";
import { screens } from "./screens.ts";

/**
 * Coach booking in Chromium against the real server: a subscriber opens Coaching from the account
 * menu, books the first free time of a session with a note, finds the calendar invitation in the
 * outbox, moves the session (an updated invitation), and cancels it (a cancellation).
 */
test("a subscriber books, moves and cancels a coaching session, with a calendar file for each", async ({ page }) => {
  test.setTimeout(150_000);
  const email = `coach-${Date.now()}@example.org`;
  await newSubscriber(page, email);
  await page.goto("/account");
  await page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name: "Coaching", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Book a session with a coach" })).toBeVisible();
  await expect(page.getByText("45 minutes · A certified career coach")).toBeVisible();
  await screens(page, "coaching", "page");

  // Someone else may hold the earliest times (other tests run on the same server): take the first free one.
  await page.getByRole("button", { name: "Choose a time for the Pay conversation rehearsal" }).click();
  const times = page.getByRole("radio");
  await expect(times.first()).toBeVisible();
  await times.first().check();
  await page.getByLabel("What would you like to talk about? (optional)").fill("An offer I want to negotiate");
  await screens(page, "coaching", "choose");
  await page.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByRole("status")).toContainText("Booked: Pay conversation rehearsal");
  const booked = await mailText(page, email, /Booked: Pay conversation rehearsal/);
  expect(booked).toContain("Attachment: coaching-session.ics");
  expect(booked).toContain("METHOD:REQUEST");
  expect(booked).toContain("SEQUENCE:0");

  // Move to another free time: the same event, a higher SEQUENCE.
  const mine = page.getByRole("region", { name: "Your sessions" });
  await expect(mine).toContainText("Your note: An offer I want to negotiate");
  await mine.getByRole("button", { name: "Move" }).click();
  await mine.getByRole("radio").nth(1).check();
  await mine.getByRole("button", { name: "Move to this time" }).click();
  await expect(page.getByRole("status")).toContainText("Moved: Pay conversation rehearsal");
  const moved = await mailText(page, email, /Moved: Pay conversation rehearsal/);
  expect(moved).toContain("SEQUENCE:1");

  // Cancel, with a confirm step.
  await mine.getByRole("button", { name: "Cancel" }).click();
  await mine.getByRole("group", { name: "Cancel this session?" }).getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("status")).toContainText("Cancelled: Pay conversation rehearsal");
  await expect(mine).toContainText("You have no session booked");
  const cancelled = await mailText(page, email, /Cancelled: Pay conversation rehearsal/);
  expect(cancelled).toContain("METHOD:CANCEL");
  await screens(page, "coaching", "after-cancel");
});
