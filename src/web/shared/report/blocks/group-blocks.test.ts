import { describe, expect, it } from "vitest";
import type { ReportBlock } from "#schemas/report/document.ts";
import { groupBlocks } from "./group-blocks.ts";

const callout = (tone: "strength" | "watch" | "note" | "help", title: string): ReportBlock => ({ kind: "callout", tone, title, text: "…" });
const paragraph = (text: string): ReportBlock => ({ kind: "paragraph", text });
const links = (title: string): ReportBlock => ({ kind: "links", items: [{ type: "article", title, text: "…", href: `/a/${title}` }] });

describe("groupBlocks", () => {
  it("runs of same-tone callouts share a grid; a lone callout and help stay alone", () => {
    const blocks = [
      paragraph("p"),
      callout("strength", "a"),
      callout("strength", "b"),
      callout("watch", "c"),
      paragraph("q"),
      callout("help", "h1"),
      callout("help", "h2"),
    ];
    expect(groupBlocks(blocks).map((g) => (g.kind === "callouts" ? g.blocks.map((b) => b.title) : g.kind))).toEqual([
      "block",
      ["a", "b"],
      "block",
      "block",
      "block",
      "block",
    ]);
  });

  it("links blocks in a row become one set of cards, in order", () => {
    const groups = groupBlocks([links("x"), links("y"), paragraph("p"), links("z")]);
    expect(groups.map((g) => (g.kind === "links" ? g.block.items.map((i) => i.title) : g.kind))).toEqual([["x", "y"], "block", ["z"]]);
  });

  it("keeps every block", () => {
    const blocks = [callout("note", "a"), callout("note", "b"), callout("note", "c"), paragraph("p")];
    const count = groupBlocks(blocks).reduce((n, g) => n + (g.kind === "callouts" ? g.blocks.length : 1), 0);
    expect(count).toBe(4);
  });
});
