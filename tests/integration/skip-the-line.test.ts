import { afterAll, beforeAll, expect, it } from "vitest";
import { PROVIDER_CODES } from "#server/payments/provider.ts";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Which calls of the real app skip the admission line (src/server/plugins/admission.ts, ADR 040):
 * each route declares it (ADR 071), so a renamed or moved call keeps its place, and a call that
 * loses its declaration is named here. The line itself is tested in admission.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

it("lets through at once only the calls a payer waits on, the health check and the catalogue", () => {
  const payer = [...PROVIDER_CODES.map((code) => `POST /api/webhooks/${code}`), "POST /api/checkout/start", "GET /api/orders/:id"];
  const answeredAtOnce = ["GET /api/health", "GET /api/info-data-catalog/list"];
  // A GET route answers HEAD too, in the same way.
  const expected = [...payer, ...answeredAtOnce].flatMap((call) => (call.startsWith("GET ") ? [call, call.replace("GET", "HEAD")] : [call]));
  const skipping = t.app.admission.skipping();
  expect(
    expected.filter((call) => !skipping.includes(call)),
    "wait in line (no skipsTheLine)",
  ).toEqual([]);
  expect(
    skipping.filter((call) => !expected.includes(call)),
    "skip the line",
  ).toEqual([]);
});
