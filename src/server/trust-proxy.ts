import type { Env } from "./env.ts";

type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's `trustProxy` from TRUST_PROXY (docs/decisions/012-client-ip-and-limits.md). Addresses
 * pass through (proxy-addr checks each hop against them). A count N trusts the N hops nearest to
 * us, so the client's IP is the address our outermost proxy saw: what a client writes into
 * X-Forwarded-For itself lies further left and is never read. (Fastify ignores a bare number, so
 * the count is a function here.)
 */
export function trustProxyOption(setting: Env["TRUST_PROXY"]): TrustProxy {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}
