import { describe, expect, it } from "vitest";
import { cardSortEntry } from "#schemas/tools/card-sort.ts";
import { cardSort } from "../tool-fixtures.ts";
import { blankCardSort, cardSortSummary, moveTop, placeCard, sortedCount, toggleTop } from "./card-sort.ts";

describe("card sort", () => {
  it("counts placed cards; a card moved off the first pile leaves the short list", () => {
    let v = placeCard(cardSort, blankCardSort(), "autonomy", "very");
    v = placeCard(cardSort, v, "income", "not");
    v = toggleTop(cardSort, v, "autonomy");
    expect(sortedCount(cardSort, v)).toBe(2);
    expect(v.top).toEqual(["autonomy"]);
    v = placeCard(cardSort, v, "autonomy", "somewhat");
    expect(v.top).toEqual([]);
    expect(cardSortEntry(cardSort).safeParse(v).success).toBe(true);
  });

  it("keeps the short list to `top` cards and moves cards within it", () => {
    let v = blankCardSort();
    for (const id of ["autonomy", "balance", "challenge", "creativity"]) v = toggleTop(cardSort, placeCard(cardSort, v, id, "very"), id);
    expect(v.top).toEqual(["autonomy", "balance", "challenge"]);
    expect(moveTop(v, 2, -1).top).toEqual(["autonomy", "challenge", "balance"]);
    expect(moveTop(v, 0, -1)).toBe(v);
    expect(moveTop(v, 2, 1)).toBe(v);
    expect(toggleTop(cardSort, v, "balance").top).toEqual(["autonomy", "challenge"]);
    expect(cardSortSummary(cardSort, v)).toBe("4 of 10 cards sorted; top: Autonomy, Balance, Challenge");
  });
});
