import { consentChoice, consentRecord } from "#schemas/consent/consent.ts";
import { envelope } from "./envelope.ts";

/** POST /api/consent: what the visitor allowed (schemas/consent/consent.ts). */
export const consentBody = consentChoice;

/** GET and POST /api/consent: the choice this browser holds, with its time; null until the visitor chooses. */
export const consentResponse = envelope(consentRecord.nullable().describe("The choice this browser holds, or null before the visitor chose"));
