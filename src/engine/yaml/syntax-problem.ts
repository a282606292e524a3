import type { YAMLError } from "yaml";

type Explained = { message: string; hint?: string };

/** Whether a line holds a second `: ` after its key, outside quotes: unquoted text with a colon in it. */
function hasColonInText(line: string): boolean {
  const afterKey = line.replace(/^\s*(-\s+)?[\w-]+:\s/, "");
  if (afterKey === line || /^["'{[|>]/.test(afterKey)) return false;
  return /:(\s|$)/.test(afterKey);
}

/**
 * A YAML syntax error in the words of someone writing a flow, not the parser's: what is wrong and
 * how to fix it. `line` is the text of the line the error points at.
 */
export function explainSyntaxError(error: YAMLError, line: string, nextLine: string | undefined): Explained {
  const first = error.message.split("\n")[0]!;
  const indent = (s: string) => s.length - s.trimStart().length;
  switch (error.code) {
    case "TAB_AS_INDENT":
      return { message: "a tab indents this line, and YAML indents with spaces only", hint: "replace the tab with spaces, two per level" };
    case "DUPLICATE_KEY": {
      const key = line.trim().replace(/^-\s+/, "").split(":")[0];
      return { message: `the key "${key}" is written twice in the same block`, hint: "keep one of them" };
    }
    case "BLOCK_AS_IMPLICIT_KEY":
    case "MULTILINE_IMPLICIT_KEY":
      if (hasColonInText(line))
        return {
          message: 'this text holds ": ", which YAML reads as the start of another key',
          hint: `put the text in quotes: ${line.trim().replace(/^(-\s+)?([\w-]+):\s+(.*)$/, '$1$2: "$3"')}`,
        };
      if (nextLine !== undefined && indent(nextLine) > indent(line))
        return {
          message: "the next line is indented deeper than this one, as if it belonged inside this value",
          hint: "indent the keys of one block by the same number of spaces",
        };
      return { message: "this line's indentation does not match the lines around it", hint: "indent the keys of one block by the same number of spaces" };
    case "BAD_INDENT":
      if (first.startsWith("Flow map") || first.startsWith("Flow sequence"))
        return {
          message: `a ${first.startsWith("Flow map") ? "{ … }" : "[ … ]"} is not closed before the next line`,
          hint: `close it on the same line with ${first.startsWith("Flow map") ? "}" : "]"}`,
        };
      return { message: "this line's indentation does not match the lines around it", hint: "indent the keys of one block by the same number of spaces" };
    case "MISSING_CHAR":
      if (first.startsWith("Missing closing"))
        return {
          message: `a quoted text is never closed (${first.replace("Missing closing ", "missing closing ")})`,
          hint: "close the quote on the line where the text ends",
        };
      if (first.startsWith("Sequence item without"))
        return { message: "this line's indentation does not match the lines around it", hint: "indent the keys of one block by the same number of spaces" };
      return { message: first };
    default:
      return { message: first };
  }
}
