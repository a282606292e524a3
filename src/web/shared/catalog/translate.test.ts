import { describe, expect, it } from "vitest";
import { toCatalogMap, translate } from "./translate.ts";

describe("translate", () => {
  const map = toCatalogMap([
    { code: "login.title", text: "Welcome back" },
    { code: "empty", text: "" },
    { code: "login.title", text: "Welcome back again" },
  ]);

  it("returns the text of a known code; a later duplicate wins", () => {
    expect(translate(map, "login.title")).toBe("Welcome back again");
    expect(translate(map, "empty")).toBe("");
  });

  it("wraps an unknown code in double braces", () => {
    expect(translate(map, "missing.code")).toBe("{{missing.code}}");
    expect(translate({}, "toString")).toBe("{{toString}}");
  });
});
