import { describe, expect, it } from "vitest";
import { negotiationScript } from "../tool-fixtures.ts";
import { scriptText, setField } from "./negotiation-script.ts";

describe("negotiation script", () => {
  it("copies the filled script as text; an emptied field is left out of what is saved; an empty optional field drops out of the sentence", () => {
    const v = setField(setField({ values: {} }, "role", "Analyst"), "target", "58,000");
    expect(setField(v, "role", "").values).toEqual({ target: "58,000" });
    expect(scriptText(negotiationScript, v.values)).toBe(
      "Opening\nThank you for the offer for the Analyst role.\n\nThe ask\nBased on [Your evidence], I am asking for 58,000.",
    );
    expect(scriptText(negotiationScript, { ...v.values, thanks: "Thanks for considering it." })).toMatch(
      /I am asking for 58,000\. Thanks for considering it\.$/,
    );
  });
});
