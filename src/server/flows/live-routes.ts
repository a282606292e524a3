import { flowRoutes } from "#engine/flow/routes.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";

/**
 * The live flows' URLs as the page fallback needs them (ADR 066): each path, compared as the app's
 * router compares (case and a trailing slash do not matter), to its flow's code; and the routes the
 * build's table (the flows the app started with, built from the same files) does not have, which
 * the boot data gives the browser's router. `version` changes with the live set.
 */
export type LiveRoutes = { version: number; flowAt: ReadonlyMap<string, string>; added: ReturnType<typeof flowRoutes> };

/** A path as the app's router matches it: lower case, no trailing slash. */
export const barePath = (path: string) => path.toLowerCase().replace(/(.)\/+$/, "$1");

export function liveRoutes(built: ReadonlyMap<string, string>, live: readonly CompiledFlow[], version: number): LiveRoutes {
  const routes = flowRoutes(live);
  return {
    version,
    flowAt: new Map(routes.map((r) => [barePath(r.path), r.flow])),
    added: routes.filter((r) => built.get(r.path) !== r.flow),
  };
}
