import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PAGE_SCRIPTS_ID, PAGE_SCRIPTS_LOADER_HASH, scriptsAfterFirstPaint } from "./page-scripts.ts";

const head =
  '<head><title>x</title><script type="module" crossorigin src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/framework-B.js"><link rel="stylesheet" crossorigin href="/assets/a.css" disabled>' +
  '<link rel="modulepreload" crossorigin href="/assets/Page-C.js"><link rel="modulepreload" crossorigin href="/assets/framework-B.js">';

describe("scriptsAfterFirstPaint", () => {
  it("takes every script out of the head and lists them, the entry first, each once, for the loader", () => {
    const out = scriptsAfterFirstPaint(head);
    expect([...out.matchAll(/<(?:script|link)\b[^>]*>/g)].filter((m) => /\ssrc=|rel="modulepreload"/.test(m[0]))).toEqual([]);
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>');
    const listed = new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ID}">([^<]*)</script>`).exec(out)?.[1];
    expect(JSON.parse(listed!)).toEqual(["/assets/index-A.js", "/assets/framework-B.js", "/assets/Page-C.js"]);
  });

  it("writes the one inline script the CSP's hash allows", () => {
    const inline = [...scriptsAfterFirstPaint(head).matchAll(/<script type="module">([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(`'sha256-${createHash("sha256").update(inline[0]!).digest("base64")}'`).toBe(PAGE_SCRIPTS_LOADER_HASH);
  });

  it("leaves a head without its entry script as it is", () => {
    const bare = '<head><link rel="modulepreload" crossorigin href="/assets/x.js">';
    expect(scriptsAfterFirstPaint(bare)).toBe(bare);
  });
});
