import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Route files read as code (ADR 072): a call's description longer than a line lives in its area's
 * descriptions.ts, and every text there is the description of a call in the OpenAPI document.
 */
const ROUTES = path.resolve(import.meta.dirname, "../../src/server/routes");
const WIDTH = (JSON.parse(readFileSync(path.resolve(ROUTES, "../../../.prettierrc.json"), "utf8")) as { printWidth: number }).printWidth;
const areas = readdirSync(ROUTES, { withFileTypes: true }).filter((e) => e.isDirectory());
const routeFiles = areas.flatMap((area) =>
  readdirSync(path.join(ROUTES, area.name))
    .filter((f) => f.endsWith(".ts") && f !== "descriptions.ts" && !f.endsWith(".test.ts"))
    .map((f) => `${area.name}/${f}`),
);

describe("route descriptions", () => {
  it("in the route files, each fits on its line", () => {
    const long = routeFiles.flatMap((file) =>
      readFileSync(path.join(ROUTES, file), "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /^\s*description:/.test(line) && (/description:\s*$/.test(line) || line.length > WIDTH))
        .map(({ at }) => `${at}: move the text to ${at.split("/")[0]}/descriptions.ts`),
    );
    expect(long).toEqual([]);
  });

  describe("in descriptions.ts", () => {
    let t: TestApp;
    let shown: Set<string>;
    beforeAll(async () => {
      t = await createTestApp();
      const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{ paths: Record<string, Record<string, { description?: string }>> }>();
      shown = new Set(Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((op) => op.description ?? "")));
    });
    afterAll(async () => {
      await t.close();
      await closeSharedDatabase();
    });

    it.each(areas.map((a) => a.name).filter((area) => routeFiles.some((f) => f.startsWith(`${area}/`))))(
      "%s: every text is a call's description",
      async (area) => {
        const file = path.join(ROUTES, area, "descriptions.ts");
        const texts = readdirSync(path.join(ROUTES, area)).includes("descriptions.ts")
          ? Object.entries(((await import(file)) as { descriptions: Record<string, string> }).descriptions)
          : [];
        expect(texts.filter(([, text]) => !shown.has(text)).map(([key]) => key)).toEqual([]);
      },
    );
  });
});
