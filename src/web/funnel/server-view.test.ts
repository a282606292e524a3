import { afterEach, describe, expect, it } from "vitest";
import { splitFlow, visitorIn } from "#tests/helpers/split-flow.ts";
import { VISITOR_COOKIE } from "#schemas/pages/visitor-cookie.ts";
import { writeProgress } from "./session/persistence.ts";
import { serverViewHolds } from "./server-view.ts";
import { visitorId } from "./visitor-id.ts";

const flow = splitFlow;
const idIn = (variant: "a" | "b") => visitorIn(variant);
/** Another id than idIn's that lands in the same variant. */
const otherIdIn = (variant: "a" | "b") => visitorIn(variant, 0, "visitor-other");
const setCookie = (id: string) => (document.cookie = `${VISITOR_COOKIE}=${id}; Path=/`);

afterEach(() => {
  localStorage.clear();
  document.cookie = `${VISITOR_COOKIE}=; Path=/; Max-Age=0`;
});

describe("a new visitor", () => {
  it("takes the id the server rendered the page for, and keeps it", () => {
    setCookie(idIn("a"));
    expect(serverViewHolds(flow)).toBe(true);
    expect(visitorId()).toBe(idIn("a"));
    expect(localStorage.getItem("visitorId")).toBe(idIn("a"));
  });

  it("without the server's cookie (a page the server did not render for them) is drawn by the app", () => {
    expect(serverViewHolds(flow)).toBe(false);
  });
});

describe("a visitor from before", () => {
  it("keeps the id their browser already had: the cookie follows it", () => {
    localStorage.setItem("visitorId", idIn("b"));
    setCookie(idIn("b").replace("visitor-", "visitor-x"));
    expect(visitorId()).toBe(idIn("b"));
    expect(document.cookie).toContain(`${VISITOR_COOKIE}=${idIn("b")}`);
  });

  it("whose kept id lands in another variant than the rendered one is drawn by the app (no mismatch)", () => {
    localStorage.setItem("visitorId", idIn("b"));
    setCookie(idIn("a"));
    expect(serverViewHolds(flow)).toBe(false);
  });

  it("whose kept id lands in the same variant hydrates the server's page", () => {
    localStorage.setItem("visitorId", idIn("a"));
    setCookie(otherIdIn("a"));
    expect(serverViewHolds(flow)).toBe(true);
  });

  it("with answers saved in this flow resumes them, drawn by the app", () => {
    setCookie(idIn("a"));
    writeProgress(flow.code, {
      hash: flow.hash,
      snapshot: { status: "active", context: { answers: { q1: "x" }, at: 1, variants: { copy: "a" } } } as never,
      sessionId: "s1",
    });
    expect(serverViewHolds(flow)).toBe(false);
  });

  it("with a place saved at the first step and the same variants hydrates", () => {
    setCookie(idIn("a"));
    writeProgress(flow.code, {
      hash: flow.hash,
      snapshot: { status: "active", context: { answers: {}, at: 0, variants: { copy: "a" } } } as never,
      sessionId: null,
    });
    expect(serverViewHolds(flow)).toBe(true);
  });

  it("with variants kept from an earlier visit that differ from the rendered ones is drawn by the app", () => {
    setCookie(idIn("a"));
    writeProgress(flow.code, {
      hash: flow.hash,
      snapshot: { status: "active", context: { answers: {}, at: 0, variants: { copy: "b" } } } as never,
      sessionId: null,
    });
    expect(serverViewHolds(flow)).toBe(false);
  });
});
