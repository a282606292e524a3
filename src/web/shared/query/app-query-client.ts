import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/**
 * The browser's QueryClient, with TanStack Query itself, fetched on first call (once): a funnel's
 * first screen runs without it and asks for it after the load event; every other page before its
 * first render, and a page reached later before it is drawn (src/web/main.tsx, ADR 043).
 */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import("./query-client.ts").then(({ createQueryClient }) => {
    client = createQueryClient();
    for (const listener of listeners) listener();
    return client;
  });
  return loading;
}

const current = () => client;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The QueryClient once loaded (loadQueryClient), else undefined. */
export function useAppQueryClient(): QueryClient | undefined {
  return useSyncExternalStore(subscribe, current, current);
}
