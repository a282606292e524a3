import { expect, type Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { E2E_DATA_DIR } from "./e2e-dirs.ts";
import { api, asNewVisitor, mailText } from "./account-setup.ts";

const run = promisify(execFile);

/**
 * A staff member, as the team makes one: `npm run staff -- add` against the running e2e server
 * (the tool finds the app through its data directory's lock and asks it), then the e-mailed
 * invitation logs this page in and makes the account staff.
 */
export async function newStaff(page: Page, email: string) {
  const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/staff.ts", "add", email], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: "" },
  });
  expect(stdout).toContain(`An invitation is on its way to ${email}`);
  await asNewVisitor(page);
  await page.goto("/");
  const token = (await mailText(page, email, /growth console/i)).match(/tmp_token=([\w-]+)/)?.[1];
  expect(token, "the staff invitation's login token").toBeTruthy();
  expect((await api(page, "POST", "/api/auth/login", { email, tmp_token: token })).status).toBe(200);
}
