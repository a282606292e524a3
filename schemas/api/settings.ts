import { z } from "zod";
import { emailInput } from "./auth.ts";
import { envelope } from "./envelope.ts";

/** Who the account is and what the account settings page shows. */
const settingsView = z.object({
  email: z.string(),
  first_name: z
    .string()
    .nullable()
    .describe("The first name given in the newest quiz that reached the account through a paid order or a report; null when none asked for one"),
  has_password: z.boolean().describe("False for an account that only ever logged in with e-mailed links"),
  marketing_consent: z.boolean(),
  marketing_consent_at: z.iso.datetime().nullable().describe("When the customer last changed it"),
});
export type SettingsView = z.infer<typeof settingsView>;
export const settingsResponse = envelope(settingsView);

export const marketingConsentBody = z.strictObject({ consent: z.boolean().describe("true: occasional e-mails about new assessments and articles") });

const password = z.string().min(1).max(256);
const linkToken = z.string().min(20).max(200);

export const emailChangeBody = z.strictObject({
  new_email: emailInput.describe("The address to move the account to; a confirmation link goes there"),
  current_password: password
    .optional()
    .describe("Required when the account has a password; an account without one approves the change from its current address"),
});
/** Where the next link went: to the new address (confirm it), or first to the current one (approve the change). */
export const emailChangeAskedResponse = envelope(z.object({ link_sent_to: z.enum(["new_address", "current_address"]) }));
export const emailChangeConfirmBody = z.strictObject({ token: linkToken.describe("The token from the confirmation link") });
export const emailChangedResponse = envelope(z.object({ email: z.string() }));
export const emailChangeApprovedResponse = envelope(z.object({ new_email: z.string().describe("The address the confirmation link was sent to") }));

/** A fresh proof that the account's owner is deleting it: the password, or the token of a deletion link e-mailed to the account (one of the two). */
export const deleteAccountBody = z.strictObject({
  current_password: password.optional().describe("The account's password"),
  token: linkToken.optional().describe("The token from the deletion link e-mailed to the account's address"),
});
