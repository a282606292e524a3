import { describe, expect, it } from "vitest";
import { endpointUrlRefusal, webhookCreateBody } from "./admin-webhooks.ts";

describe("a webhook endpoint's address", () => {
  it("must be https in production; http is taken in development and tests, for a local receiver", () => {
    expect(endpointUrlRefusal("http://crm.example.org/hook", "production")).toMatch(/https:\/\//);
    expect(endpointUrlRefusal("https://crm.example.org/hook", "production")).toBeNull();
    expect(endpointUrlRefusal("http://127.0.0.1:4511/hook", "development")).toBeNull();
    expect(endpointUrlRefusal("http://127.0.0.1:4511/hook", "test")).toBeNull();
  });

  it("is a full http(s) URL; the events are kinds the server sends, each once", () => {
    const ok = { url: "https://crm.example.org/hook", events: ["purchase", "refund"] };
    expect(webhookCreateBody.safeParse(ok).success).toBe(true);
    expect(webhookCreateBody.safeParse({ ...ok, url: "javascript:alert(1)" }).success).toBe(false);
    expect(webhookCreateBody.safeParse({ ...ok, events: ["purchase", "purchase"] }).success).toBe(false);
    expect(webhookCreateBody.safeParse({ ...ok, events: ["quiz_started"] }).success).toBe(false);
  });
});
