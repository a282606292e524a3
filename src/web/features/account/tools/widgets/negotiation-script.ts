import { fillScript, type NegotiationScriptConfig, type NegotiationScriptEntry } from "#schemas/tools/negotiation-script.ts";

/** No field filled in. */
export const blankNegotiationScript = (): NegotiationScriptEntry => ({ values: {} });

/** The filled script as plain text, the way it is copied: each heading over its paragraph. */
export function scriptText(config: NegotiationScriptConfig, values: Record<string, string>): string {
  return fillScript(config, values)
    .map((s) => `${s.heading}\n${s.text}`)
    .join("\n\n");
}

/** Sets one field; a field emptied is left out of what is saved. */
export function setField(value: NegotiationScriptEntry, field: string, text: string): NegotiationScriptEntry {
  const values = { ...value.values, [field]: text };
  if (text === "") delete values[field];
  return { ...value, values };
}

/** "5 of 12 fields filled in". */
export function negotiationScriptSummary(config: NegotiationScriptConfig, value: NegotiationScriptEntry): string {
  const filled = config.fields.filter((f) => value.values[f.id]?.trim()).length;
  return `${filled} of ${config.fields.length} fields filled in`;
}
