import type { Text } from "#schemas/flow/text.ts";
import type { Translate } from "#web/shared/catalog/index.ts";

/** A flow's text in words: as written, or its catalogue entry's (the app's catalogue); empty when there is none. */
export const textOf = (value: Text | undefined, t: Translate): string => (value === undefined ? "" : typeof value === "string" ? value : t(value.code));
