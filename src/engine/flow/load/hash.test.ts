import { describe, expect, it } from "vitest";
import { contentHash, cyrb53, stableJson } from "./hash.ts";

describe("contentHash", () => {
  it("is short, stable and ignores key order", () => {
    const a = contentHash({ b: 1, a: [1, { y: 2, x: 1 }] });
    expect(a).toMatch(/^[0-9a-z]{11}$/);
    expect(contentHash({ a: [1, { x: 1, y: 2 }], b: 1 })).toBe(a);
    expect(stableJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it("changes with the content", () => {
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
    expect(cyrb53("a")).not.toBe(cyrb53("b"));
    expect(cyrb53("flow")).toBe(cyrb53("flow"));
  });
});
