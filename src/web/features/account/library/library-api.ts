import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { article, articleListItem } from "#schemas/api/articles.ts";
import type { UnlockHint } from "#schemas/api/envelope.ts";
import { api } from "#web/shared/api/client.ts";

export type Article = z.infer<typeof article>;
export type ArticleListItem = z.infer<typeof articleListItem>;
export type { UnlockHint };

/** The list holds archived articles too; the library shows the active ones. */
export const isListed = (a: ArticleListItem) => a.status === "active";

const libraryKeys = {
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

/** One article with its HTML text; an ApiError 403 with `unlock` without a plan that gives access, 404 when unknown. */
export const articleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: libraryKeys.detail(id),
    queryFn: ({ signal }) => api.get<Article>(`/article/${id}`, { signal }),
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
