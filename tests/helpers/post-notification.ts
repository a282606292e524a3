import { request } from "node:http";
import type { SignedNotification } from "#server/payments/sandbox/sandbox-notifications.ts";

/**
 * A payment provider's notification POSTed to a server on `port` over real HTTP, on its own
 * connection; resolves with the status, rejects when the server dies under it (the kill -9 tests).
 */
export function postNotification(port: number, n: SignedNotification): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/api/webhooks/${n.provider}`,
        agent: false,
        headers: { ...n.headers, "content-length": n.body.length },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(n.body);
  });
}
