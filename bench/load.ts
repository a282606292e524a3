import { Agent, request } from "node:http";

export type LoadResult = { requests: number; seconds: number; rps: number; p50: number; p99: number; errors: number };

/** Keeps `connections` keep-alive requests in flight against one URL for `seconds`. */
export async function load(url: string, options: { connections: number; seconds: number }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: "GET" }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors += 1;
          resolve();
        });
      });
      req.on("error", () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}
