import { queryOptions } from "@tanstack/react-query";
import type { Tool, ToolEntry, ToolListItem } from "#schemas/api/tools.ts";
import { api } from "#web/shared/api/client.ts";

export type { Tool, ToolEntry, ToolListItem };

export const toolKeys = {
  all: ["account-tools"] as const,
  /** Every tool, without config or text (public). */
  list: () => [...toolKeys.all, "list"] as const,
  /** One tool with its config and instructions: 404 unknown, 403 with `unlock` while locked. */
  detail: (name: string) => [...toolKeys.all, "detail", name] as const,
  /** The customer's saved entries of one tool, newest first (readable while locked). */
  entries: (name: string) => [...toolKeys.all, "entries", name] as const,
};

export const toolListQueryOptions = () =>
  queryOptions({
    queryKey: toolKeys.list(),
    queryFn: ({ signal }) => api.get<ToolListItem[]>("/tools", { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const toolQueryOptions = (name: string) =>
  queryOptions({
    queryKey: toolKeys.detail(name),
    queryFn: ({ signal }) => api.get<Tool>(`/tools/by-name/${encodeURIComponent(name)}`, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const toolEntriesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: toolKeys.entries(name),
    queryFn: ({ signal }) => api.get<ToolEntry[]>(`/customer/tools/${encodeURIComponent(name)}/entries`, { signal }),
    staleTime: 10_000,
    retry: false,
  });

const entriesPath = (name: string) => `/customer/tools/${encodeURIComponent(name)}/entries`;

/** Saves a new entry; the server answers it with its id and dates. */
export const createEntry = (name: string, data: unknown) => api.post<ToolEntry>(entriesPath(name), { data });

/** Replaces the data of an entry the customer saved before. */
export const updateEntry = (name: string, id: string, data: unknown) => api.post<ToolEntry>(`${entriesPath(name)}/${id}`, { data });

export const deleteEntry = (name: string, id: string) => api.post<{ ok: true }>(`${entriesPath(name)}/${id}/delete`);
