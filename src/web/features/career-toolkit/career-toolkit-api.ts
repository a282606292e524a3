import { queryOptions } from "@tanstack/react-query";
import type { CareerToolkit } from "#schemas/api/career-toolkit.ts";
import { api } from "#web/shared/api/client.ts";

export type { CareerToolkit };
export type ToolkitItem = CareerToolkit["stages"][number]["items"][number];

/** GET /career-toolkit: the same document on the public page and in the account. */
export const careerToolkitQueryOptions = () =>
  queryOptions({
    queryKey: ["career-toolkit"] as const,
    queryFn: ({ signal }) => api.get<CareerToolkit>("/career-toolkit", { signal }),
    staleTime: 30 * 60_000,
  });
