import { describe, expect, it } from "vitest";
import { keepTogether, PageFlow, type Box } from "./flow.ts";

const frame = { x: 0, width: 100, top: 0, bottom: 100 };
function run(boxes: (Omit<Box, "draw"> & { name: string })[], startY = 0) {
  const placed: string[] = [];
  const flow = new PageFlow(frame, () => undefined, startY);
  flow.place(boxes.map((b) => ({ ...b, draw: (at) => placed.push(`${b.name}@${at.page}:${at.y}`) })));
  return placed;
}

describe("PageFlow", () => {
  it("stacks boxes with their space and drops the space at the top of a page", () => {
    expect(
      run([
        { name: "a", height: 40 },
        { name: "b", height: 40, spaceBefore: 10 },
        { name: "c", height: 40, spaceBefore: 10 },
      ]),
    ).toEqual(["a@0:0", "b@0:50", "c@1:0"]);
  });

  it("moves a heading to the next page with what it keeps with", () => {
    expect(
      run([
        { name: "text", height: 60 },
        { name: "heading", height: 20, keepWithNext: true },
        { name: "line", height: 30 },
      ]),
    ).toEqual(["text@0:0", "heading@1:0", "line@1:20"]);
  });

  it("starts a box on a new page when less than it needs is left", () => {
    expect(
      run([
        { name: "text", height: 30 },
        { name: "title", height: 10, needs: 80 },
      ]),
    ).toEqual(["text@0:0", "title@1:0"]);
  });

  it("splits a chain longer than a page but never leaves a kept box alone at the foot", () => {
    expect(
      run([
        { name: "a", height: 70 },
        { name: "h", height: 10, keepWithNext: true },
        { name: "b", height: 60, keepWithNext: true },
        { name: "c", height: 60 },
      ]),
    ).toEqual(["a@0:0", "h@1:0", "b@1:10", "c@2:0"]);
  });

  it("opens a group that cannot share a page with the heading kept with it", () => {
    const placed: string[] = [];
    const part = (name: string): Box => ({ height: 30, draw: (at) => placed.push(`${name}@${at.page}:${at.y}`) });
    const [group] = keepTogether([part("r1"), part("r2"), part("r3")], 100);
    const flow = new PageFlow(frame, () => undefined);
    flow.place([
      { height: 20, keepWithNext: true, draw: (at) => placed.push(`heading@${at.page}:${at.y}`) },
      { ...group!, spaceBefore: 5 },
    ]);
    expect(placed).toEqual(["heading@0:0", "r1@0:25", "r2@0:55", "r3@1:0"]);
  });

  it("keeps boxes together as one when they fit a page", () => {
    const boxes: Box[] = [
      { height: 30, spaceBefore: 5, draw: () => undefined },
      { height: 30, spaceBefore: 10, draw: () => undefined },
    ];
    const [together, ...rest] = keepTogether(boxes, 100);
    expect(rest).toHaveLength(0);
    expect(together!.height).toBe(70);
    expect(together!.spaceBefore).toBe(5);
    expect(keepTogether(boxes, 50)).toHaveLength(2);
  });
});
