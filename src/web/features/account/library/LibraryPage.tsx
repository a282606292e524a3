import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { ArticleCard } from "./ArticleCard.tsx";
import { articleListQueryOptions, categoriesOf, isListed, type ArticleListItem } from "./library-api.ts";
import "./library.css";

/** `/account/library`: the active articles as cards, narrowed to one category by `?cat=<code>`. */
export function LibraryPage() {
  const t = useT();
  const { data, error, refetch } = useQuery(articleListQueryOptions());
  return (
    <AccountSubPage
      eyebrow="Your account"
      title="Library"
      back={{ to: paths.account, label: "Account" }}
      intro="Short, practical articles on careers, money, wellbeing and working well, written by our team. Pick a category or browse them all."
    >
      <div className="library">
        {data === undefined ? (
          error ? (
            <LoadProblem error={error} what="the library" onRetry={() => void refetch()} />
          ) : (
            <PageLoading label="Loading the library…" />
          )
        ) : (
          <Articles articles={data.filter(isListed)} />
        )}
      </div>
      <p className="account__help">{t("account.help")}</p>
    </AccountSubPage>
  );
}

function Articles({ articles }: { articles: ArticleListItem[] }) {
  const [params, setParams] = useSearchParams();
  const categories = categoriesOf(articles);
  const asked = params.get("cat");
  const chosen = categories.find((c) => c.code === asked) ?? null;
  const shown = chosen ? articles.filter((a) => a.cat.code === chosen.code) : articles;

  // A new history entry per choice, so Back returns to the previous category.
  const choose = (code: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (code) next.set("cat", code);
      else next.delete("cat");
      return next;
    });

  if (articles.length === 0) {
    return <p className="account__panel">There are no articles in the library yet. New ones are on their way.</p>;
  }
  return (
    <>
      <div className="library__filter" role="group" aria-label="Category">
        <FilterChip label="All" count={articles.length} pressed={!chosen} onClick={() => choose(null)} />
        {categories.map((c) => (
          <FilterChip key={c.code} label={c.name} count={c.count} pressed={chosen?.code === c.code} onClick={() => choose(c.code)} />
        ))}
      </div>
      <p className="library__count" role="status">
        {chosen ? `${shown.length} ${shown.length === 1 ? "article" : "articles"} in ${chosen.name}` : `All ${shown.length} articles`}
      </p>
      <ul className="card-grid" aria-label="Articles">
        {shown.map((a) => (
          <ArticleCard key={a.id} article={a} />
        ))}
      </ul>
    </>
  );
}

function FilterChip({ label, count, pressed, onClick }: { label: string; count: number; pressed: boolean; onClick: () => void }) {
  return (
    <button type="button" className="library__chip" aria-pressed={pressed} onClick={onClick}>
      {label} <span className="library__chip-count">{count}</span>
    </button>
  );
}
