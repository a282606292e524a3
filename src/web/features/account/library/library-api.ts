import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { article, articleListItem } from "../../../../../schemas/api/articles.ts";
import type { ErrorBody, UnlockHint } from "../../../../../schemas/api/envelope.ts";
import { api, ApiError } from "../../../shared/api/client.ts";

export type Article = z.infer<typeof article>;
export type ArticleListItem = z.infer<typeof articleListItem>;
export type { UnlockHint };

/** The list holds archived articles too; the library shows the active ones. */
export const isListed = (a: ArticleListItem) => a.status === "active";

export const libraryKeys = {
  all: ["account-library"] as const,
  list: () => [...libraryKeys.all, "list"] as const,
  detail: (id: number) => [...libraryKeys.all, "detail", id] as const,
};

/** The catalogue: every article without its text (open to everyone, ADR 017). */
export const articleListQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.list(),
    queryFn: ({ signal }) => api.get<ArticleListItem[]>("/article/list", { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** A 403 `subscription_required`: the article exists but needs a plan; `unlock` says how to get one. */
export class ArticleLockedError extends ApiError {
  constructor(
    message: string,
    readonly unlock: UnlockHint,
  ) {
    super(403, "subscription_required", message);
    this.name = "ArticleLockedError";
  }
}

/**
 * GET /article/{id}. Like `api.get`, but a locked answer keeps the body's `error.unlock`, which
 * ApiError does not carry; every other failure is the same ApiError the client throws.
 */
async function getArticle(id: number, signal: AbortSignal): Promise<Article> {
  let response: Response;
  try {
    response = await fetch(`/api/article/${id}`, { credentials: "include", headers: { accept: "application/json" }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "We could not reach Pathwise. Check your connection and try again.");
  }
  const body = (await response.json().catch(() => null)) as ({ data?: Article } & Partial<ErrorBody>) | null;
  if (response.ok && body?.data) return body.data;
  const error = body?.error;
  if (response.status === 403 && error?.code === "subscription_required" && error.unlock) throw new ArticleLockedError(error.message, error.unlock);
  throw new ApiError(response.status, error?.code ?? "unexpected_response", error?.message ?? `The server answered ${response.status}`, error?.issues);
}

/** One article with its HTML text; 403 ArticleLockedError without a plan that gives access, 404 when unknown. */
export const articleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: libraryKeys.detail(id),
    queryFn: ({ signal }) => getArticle(id, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The categories of the listed articles, in order of first appearance, with how many each holds. */
export function categoriesOf(articles: ArticleListItem[]) {
  const counts = new Map<string, { code: string; name: string; count: number }>();
  for (const a of articles) {
    const seen = counts.get(a.cat.code);
    if (seen) seen.count += 1;
    else counts.set(a.cat.code, { ...a.cat, count: 1 });
  }
  return [...counts.values()];
}
