import type { ReportScale } from "#schemas/report/document.ts";

/**
 * How a scale's name reads inside a sentence (issue 27): scale names are common nouns ("skills the
 * market pays for", "perceived stress", "realistic"), so mid-sentence they are in lower case; a word
 * with a capital after its first letter (an acronym such as GAD-7 or EQ) keeps its case, and so
 * does a scale with a code letter: Holland's six types (Realistic … Conventional) are the names
 * of types, written with a capital as the code's letters are. A sentence that starts with a name
 * starts with a capital (`sentenceCase`). Charts, labels and headings show the name as the flow
 * spells it; only sentences go through here.
 */
export const nameInSentence = (scale: Pick<ReportScale, "name" | "letter">) =>
  scale.letter
    ? scale.name
    : scale.name
        .split(" ")
        .map((word) => (/^[^A-Za-z]*[A-Z][^A-Z]*$/.test(word) ? word.toLowerCase() : word))
        .join(" ");

/** A sentence with its first letter in upper case (after a name list or a variable that starts it). */
export const sentenceCase = (text: string) => text.replace(/^(\s*)([a-z])/, (_m, space: string, c: string) => space + c.toUpperCase());

/** Names as people list them inside a sentence: "a", "a and b", "a, b and c". */
export const namesOf = (scales: readonly Pick<ReportScale, "name" | "letter">[]) => {
  const list = scales.map(nameInSentence);
  return list.length <= 2 ? list.join(" and ") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
};
