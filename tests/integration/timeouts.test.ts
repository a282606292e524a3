import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSharedDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { REQUEST_TIMEOUT_SECONDS: "1" } });
});
afterAll(async () => {
  await t.close();
  await closeSharedDatabase();
});

/** Opens a raw connection, writes `text`, and resolves with what the server sent and when it closed. */
function slowClient(text: string, giveUpMs = 8000): Promise<{ reply: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(t.origin);
  return new Promise((resolve) => {
    const started = Date.now();
    let reply = "";
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(text));
    socket.on("data", (chunk) => (reply += chunk.toString()));
    const done = () => resolve({ reply, closedAfterMs: Date.now() - started });
    socket.on("close", done);
    socket.on("error", () => undefined);
    setTimeout(() => socket.destroy(), giveUpMs).unref();
  });
}

describe("slow clients cannot hold connections", () => {
  it("closes the connection (408 or a closed socket) when a body does not arrive in time", async () => {
    const { host } = new URL(t.origin);
    const { reply, closedAfterMs } = await slowClient(
      `POST /api/customer/prepare-cabinet HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
    );
    expect(closedAfterMs).toBeLessThan(4000);
    expect(reply === "" || /^HTTP\/1\.1 408/.test(reply)).toBe(true);
  });

  it("closes a connection that never sends a request", async () => {
    const { reply, closedAfterMs } = await slowClient("");
    expect(closedAfterMs).toBeLessThan(4000);
    expect(reply === "" || /^HTTP\/1\.1 408/.test(reply)).toBe(true);
  });

  it("closes the connection when headers never finish", async () => {
    const { reply, closedAfterMs } = await slowClient("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(closedAfterMs).toBeLessThan(4000);
    expect(reply === "" || /^HTTP\/1\.1 408/.test(reply)).toBe(true);
  });
});
