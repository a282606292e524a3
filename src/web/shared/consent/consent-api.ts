import type { ConsentChoice, ConsentRecord } from "#schemas/consent/consent-cookie.ts";
import { api } from "../api/client.ts";
import { applyConsent } from "./consent-state.ts";

/** Saves the visitor's choice (POST /api/consent sets the cookie and records it), then applies it to the page. */
export async function saveConsent(choice: ConsentChoice): Promise<ConsentRecord> {
  const record = await api.post<ConsentRecord>("/consent", choice);
  applyConsent(record);
  return record;
}
