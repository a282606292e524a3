import { z } from "zod";
import { itemId, typed, uniqueIds } from "./common.ts";

/**
 * Negotiation script: the customer fills in fields (their figures, their evidence) and the tool
 * assembles a script from the config's sections, whose text refers to fields as {field_id}.
 * The tool never supplies a figure: every number in the script is one the customer typed.
 */
export const negotiationScriptConfig = z
  .strictObject({
    fields: z
      .array(
        z.strictObject({
          id: itemId,
          label: z.string().min(2).max(80),
          hint: z.string().min(10).max(200),
          /** text: one line; long: a paragraph; money: an amount the customer types (digits, separators, currency sign). */
          type: z.enum(["text", "long", "money"]),
          required: z.boolean().default(true),
        }),
      )
      .min(2)
      .max(16),
    /** The script, in order: a heading and a paragraph template with {field_id} references. */
    sections: z
      .array(z.strictObject({ heading: z.string().min(2).max(80), template: z.string().min(10).max(1200) }))
      .min(1)
      .max(10),
  })
  .superRefine((c, ctx) => {
    uniqueIds(c.fields, ctx, "fields");
    const ids = new Set(c.fields.map((f) => f.id));
    c.sections.forEach((s, i) => {
      for (const [, ref] of s.template.matchAll(/\{([^}]*)\}/g)) {
        if (!ids.has(ref ?? "")) ctx.addIssue({ code: "custom", path: ["sections", i, "template"], message: `{${ref}} is not a field` });
      }
    });
  });
export type NegotiationScriptConfig = z.infer<typeof negotiationScriptConfig>;

const LENGTH = { text: 200, long: 1500, money: 40 } as const;

/** What a customer saves: the value of each field (all optional while drafting). */
export const negotiationScriptEntry = (config: NegotiationScriptConfig) => {
  const fields = new Map(config.fields.map((f) => [f.id, f]));
  return z.strictObject({ values: z.record(itemId, typed(LENGTH.long)) }).superRefine((e, ctx) => {
    for (const [id, value] of Object.entries(e.values)) {
      const field = fields.get(id);
      if (!field) ctx.addIssue({ code: "custom", path: ["values", id], message: `no field "${id}" in this tool` });
      else if (value.length > LENGTH[field.type]) ctx.addIssue({ code: "custom", path: ["values", id], message: `at most ${LENGTH[field.type]} characters` });
      else if (field.type === "money" && value !== "" && !/^[^\d]{0,4}\s?\d[\d.,\s]*(\s?[kK])?\s?[^\d]{0,4}$/.test(value))
        ctx.addIssue({ code: "custom", path: ["values", id], message: "write an amount, e.g. 58,000 or €4,200" });
    }
  });
};
export type NegotiationScriptEntry = z.infer<ReturnType<typeof negotiationScriptEntry>>;

/** The script with the customer's values in place; a required field left empty shows as [label], an optional one drops out. One home for the wording rule. */
export function fillScript(config: NegotiationScriptConfig, values: Record<string, string>): { heading: string; text: string }[] {
  const fields = new Map(config.fields.map((f) => [f.id, f]));
  return config.sections.map((s) => ({
    heading: s.heading,
    // An optional field left empty drops out of the sentence; a required one shows its label until filled.
    text: s.template
      .replace(/\{([^}]*)\}/g, (_, id: string) => values[id]?.trim() || (fields.get(id)?.required === false ? "" : `[${fields.get(id)?.label ?? id}]`))
      .replace(/ {2,}/g, " ")
      .replace(/ ([.,;:])/g, "$1")
      .trim(),
  }));
}
