import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProfessionMatchView, ProfessionView } from "#schemas/api/professions.ts";
import { ApiError, api } from "#web/shared/api/client.ts";

export type { ProfessionMatchView, ProfessionView };

/** What `GET /professions/:slug` answers: the occupation, and the match when `?result=` named a scored result of the caller's. */
export type ProfessionAnswer = { profession: ProfessionView; match: ProfessionMatchView | null };

/**
 * The report whose list of matched professions links to these pages (flows/career.yaml,
 * `report: career_riasec`): the page links back to it.
 */
export const CAREER_REPORT_CODE = "career_riasec";

const professionKeys = {
  all: ["professions"] as const,
  detail: (slug: string, resultId: string | null) => [...professionKeys.all, slug, resultId] as const,
};

/** One occupation; with `resultId` also how well it matches that result (the caller's own only). */
const professionQueryOptions = (slug: string, resultId: string | null = null) =>
  queryOptions({
    queryKey: professionKeys.detail(slug, resultId),
    queryFn: ({ signal }) => api.get<ProfessionAnswer>(`/professions/${encodeURIComponent(slug)}`, { signal, query: { result: resultId ?? undefined } }),
    staleTime: 5 * 60_000,
    retry: false,
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A `?result=` the API could take; anything else is ignored (the page shows the profession alone). */
export const usableResultId = (value: string | null) => (value !== null && UUID.test(value) ? value.toLowerCase() : null);

/**
 * The call with `result` could not give a match: the result is not the caller's or is unknown (404;
 * an unknown slug is 404 too, which the call without `result` then tells apart), not scored yet or
 * not an interest result (409), or not accepted (400).
 */
const noMatchFor = (error: unknown) => error instanceof ApiError && [400, 404, 409].includes(error.status);

/** The call failed because the profession does not exist. */
export const isUnknownProfession = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The profession page's data: with a result id, the profession with its match; when that call
 * cannot give a match, the profession again without `result` — never an error for someone else's
 * result. `data` is undefined while loading or after a failure.
 */
export function useProfession(slug: string, resultId: string | null) {
  const withResult = useQuery({ ...professionQueryOptions(slug, resultId), enabled: resultId !== null });
  const fallBack = resultId === null || (withResult.isError && noMatchFor(withResult.error));
  const alone = useQuery({ ...professionQueryOptions(slug), enabled: fallBack });
  const query = fallBack ? alone : withResult;
  return { data: query.data, error: query.isError ? query.error : null, refetch: () => void query.refetch() };
}
