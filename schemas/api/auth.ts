import { z } from "zod";

export const emailInput = z
  .string()
  .trim()
  .max(254)
  .toLowerCase()
  .pipe(z.email({ message: "Enter a valid e-mail address" }))
  .describe("E-mail address; compared case-insensitively");

export const customer = z.object({
  id: z.uuid(),
  email: z.string(),
  is_onboarded: z.boolean(),
  is_staff: z.boolean().describe("Whether the account may use the growth console (/admin); ADR 037"),
  first_name: z
    .string()
    .nullable()
    .describe("The first name given in the newest quiz that reached the account (as GET /customer/settings); a funnel's name step starts with it"),
});
export type Customer = z.infer<typeof customer>;

export const loginBody = z.strictObject({
  email: emailInput,
  password: z.string().min(1).max(256).optional(),
  tmp_token: z.string().min(16).max(128).optional().describe("Single-use token from an e-mailed login link"),
});
export type LoginBody = z.input<typeof loginBody>;

export const emailBody = z.strictObject({ email: emailInput });

export const resetConfirmBody = z.strictObject({ token: z.string().min(16).max(128) });
export const resetConfirmResponse = z.object({ data: z.object({ password: z.string() }) });

export const changePasswordBody = z.strictObject({
  current_password: z.string().min(1).max(256),
  new_password: z.string().min(1).max(1024),
});

export const setOnboardedBody = z.strictObject({}).describe("No fields: marks the session's customer as onboarded");
