import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { paySystemFromCatalog, stripTags } from "./pay-system.ts";

describe("pay system", () => {
  it("strips HTML tags and white space", () => {
    expect(stripTags("<p> <strong>pay_pro</strong>\n</p>")).toBe("pay_pro");
  });

  it.each([
    ["<p>max_pay</p>", "max_pay"],
    ["pay_pro", "pay_pro"],
    ["  <div><p>pay_pro</p></div> ", "pay_pro"],
  ] as const)("reads %j as %s without logging", (text, expected) => {
    const log = vi.fn();
    expect(paySystemFromCatalog({ pay_system: text }, log)).toBe(expected);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([["<p>stripe</p>"], ["PAY_PRO"], [""]])("logs 'Unknown pay system' for %j and falls back to max_pay", (text) => {
    const log = vi.fn();
    expect(paySystemFromCatalog({ pay_system: text }, log)).toBe("max_pay");
    expect(log).toHaveBeenCalledWith("warn", expect.stringMatching(/^Unknown pay system/));
  });

  it("falls back to max_pay when the catalogue has no pay_system code", () => {
    const log = vi.fn();
    expect(paySystemFromCatalog({}, log)).toBe("max_pay");
    expect(log).toHaveBeenCalledWith("warn", expect.stringContaining("{{pay_system}}"));
  });

  it("logs to the console and the server by default", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { ok: true } }), { status: 202 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(paySystemFromCatalog({ pay_system: "paypal" })).toBe("max_pay");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Unknown pay system/));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/log");
    expect(JSON.parse(init.body as string)).toMatchObject({ level: "warn", message: expect.stringMatching(/^Unknown pay system/) });
    warn.mockRestore();
  });
});
