import { queryOptions } from "@tanstack/react-query";
import { api } from "../shared/api/client.ts";
import { bootData } from "../shared/boot/boot-data.ts";

/**
 * How many people finished a quiz in the last 30 days (GET /quiz/flows/:code/stats), for its
 * social-proof line. A funnel page the server served has it in its boot data already.
 */
export const flowStatsQueryOptions = (code: string) => {
  const boot = bootData();
  const initial = boot?.flow?.code === code ? boot.finished30d : undefined;
  return queryOptions({
    queryKey: ["flow-stats", code] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { finished_30d: number } }>(`/quiz/flows/${encodeURIComponent(code)}/stats`, { signal })).data.finished_30d,
    staleTime: 10 * 60_000,
    ...(initial === undefined ? {} : { initialData: initial }),
  });
};
