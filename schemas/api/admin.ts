import { z } from "zod";
import { emailInput } from "./auth.ts";
import { authedErrors, errorBody } from "./envelope.ts";

/** Every /api/admin call answers these besides its own: 401 anonymous, 403 a customer (ADR 037). */
export const adminErrors = { ...authedErrors, 403: errorBody } as const;

/** A staff account, as `npm run staff -- list` prints it. */
const staffMember = z.object({ email: z.string(), since: z.string().describe("When the account was made (ISO 8601)") });
export type StaffMember = z.infer<typeof staffMember>;

export const staffList = z.object({ data: z.array(staffMember) });

export const staffEmailBody = z.strictObject({ email: emailInput });

const staffInvited = z.object({
  email: z.string(),
  existed: z
    .boolean()
    .describe(
      "Whether the address already had an account. Either way the role takes effect only when the invitation link is opened, which ends the account's other sessions (ADR 051).",
    ),
  console: z.string().describe("Where the console is, at the app's own address"),
});
export type StaffInvited = z.infer<typeof staffInvited>;
export const staffAdded = z.object({ data: staffInvited });
export const staffRemoved = z.object({
  data: z.object({ email: z.string(), removed: z.boolean().describe("False when the address was neither staff nor invited") }),
});
