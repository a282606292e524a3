import { answeredOnly, noScore, typedWords, type KindRules } from "./rules.ts";
import { emailAddress, NAME_MAX, typedText } from "./typed.ts";

/** A few words typed by the visitor. */
export const shortText: KindRules<"short_text"> = {
  question: true,
  progress: true,
  terminal: false,
  passesByItself: false,
  conditions: answeredOnly,
  check: (step, value) => typedText(value, step.maxLength, step.optional, "answer"),
  ...noScore,
  words: typedWords,
  samples: () => ["I would like to work with people and ideas."],
};

/** The visitor's first name. */
export const name: KindRules<"name"> = {
  question: true,
  progress: true,
  terminal: false,
  passesByItself: false,
  conditions: answeredOnly,
  check: (step, value) => typedText(value, NAME_MAX, step.optional, "name"),
  ...noScore,
  words: typedWords,
  samples: () => ["Alex"],
};

/** The visitor's e-mail address. */
export const email: KindRules<"email"> = {
  question: true,
  progress: true,
  terminal: false,
  passesByItself: false,
  conditions: answeredOnly,
  check: (_step, value) => emailAddress(value),
  ...noScore,
  words: null,
  samples: () => ["alex@example.com"],
};
