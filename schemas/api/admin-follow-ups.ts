import { z } from "zod";
import { envelope } from "./envelope.ts";

/** One follow-up e-mail of a flow and what came of it, all time (ADR 060). */
const followUpCounts = z.object({
  id: z.string().describe("The follow-up's id in the flow's YAML"),
  after: z.string().describe("How long after the e-mail step it goes out, as the YAML writes it"),
  subject: z.string(),
  scheduled: z.number().int().describe("Waiting to go out"),
  sent: z.number().int(),
  cancelled: z.number().int().describe("Not sent: no marketing consent any more, unsubscribed, bought, refunded, account deleted, no result"),
  clicked: z.number().int().describe("Sent e-mails whose link was opened (counted once per e-mail)"),
  bought: z.number().int().describe("Sent e-mails whose quiz session was paid for after the e-mail went out"),
});
export type FollowUpCounts = z.infer<typeof followUpCounts>;

export const followUpCountsResponse = envelope(z.array(followUpCounts));
