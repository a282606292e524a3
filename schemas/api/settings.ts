import { z } from "zod";
import { emailInput } from "./auth.ts";
import { envelope } from "./envelope.ts";

/** What the account settings page shows. */
export const settingsView = z.object({
  email: z.string(),
  has_password: z.boolean().describe("False for an account that only ever logged in with e-mailed links"),
  marketing_consent: z.boolean(),
  marketing_consent_at: z.iso.datetime().nullable().describe("When the customer last changed it"),
});
export type SettingsView = z.infer<typeof settingsView>;
export const settingsResponse = envelope(settingsView);

export const marketingConsentBody = z.strictObject({ consent: z.boolean().describe("true: occasional e-mails about new assessments and articles") });

export const emailChangeBody = z.strictObject({ new_email: emailInput.describe("The address to move the account to; a confirmation link goes there") });
export const emailChangeConfirmBody = z.strictObject({ token: z.string().min(20).max(200).describe("The token from the confirmation link") });
export const emailChangedResponse = envelope(z.object({ email: z.string() }));

export const deleteAccountBody = z.strictObject({
  email: z.string().trim().max(254).describe("The account's current e-mail address, typed again as the confirmation"),
});
