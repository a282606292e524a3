import { describe, expect, it } from "vitest";
import { closest, didYouMean, editDistance } from "./did-you-mean.ts";

describe("editDistance", () => {
  it("counts inserts, deletes, substitutions and swapped neighbours as one each", () => {
    expect(editDistance("result", "result")).toBe(0);
    expect(editDistance("reslt", "result")).toBe(1);
    expect(editDistance("results", "result")).toBe(1);
    expect(editDistance("tilte", "title")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });
});

describe("didYouMean", () => {
  it("suggests the closest known name when it looks like a typo", () => {
    expect(didYouMean("likes-buildin", ["intro", "likes-building", "likes-people"])).toBe('did you mean "likes-building"?');
    expect(closest("practicl", ["creative", "practical"])).toBe("practical");
  });

  it("says nothing when no name is close, or for an exact match", () => {
    expect(didYouMean("colour", ["id", "title", "body"])).toBeUndefined();
    expect(didYouMean("ab", ["xy"])).toBeUndefined();
    expect(closest("title", ["title"])).toBeUndefined();
  });
});
