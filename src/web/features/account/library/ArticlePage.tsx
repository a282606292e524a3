import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { ApiError } from "#web/shared/api/client.ts";
import { loggedOut, LoadProblem } from "../ui/LoadProblem.tsx";
import { useFocusTitleWithin } from "../ui/use-focus-title.ts";
import { ArticleCard, readingTime } from "./ArticleCard.tsx";
import { articleListQueryOptions, articleQueryOptions, isListed, type ArticleListItem, type UnlockHint } from "./library-api.ts";
import "../AccountPage.css";
import "../ui/article-text.css";
import "./library.css";
import { LockedBadge, PlanUnlock } from "../ui/PlanLocked.tsx";

const MORE_COUNT = 3;

/** The route's id when it is a whole positive number; anything else is an article that cannot exist. */
function articleId(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

/**
 * `/account/library/{id}`: one article to read. Without a plan that gives access (403) it shows
 * what the article is about and the way to unlock it; an unknown id says so and leads back.
 */
export function ArticlePage() {
  const id = articleId(useParams().articleId);
  const article = useQuery({ ...articleQueryOptions(id ?? 0), enabled: id !== null });
  const list = useQuery(articleListQueryOptions());
  const locked = article.error instanceof ApiError && article.error.unlock ? { message: article.error.message, unlock: article.error.unlock } : null;
  const missing = id === null || (article.error instanceof ApiError && article.error.status === 404);

  const state = missing ? "missing" : article.data ? "article" : locked ? (list.isPending ? "loading" : "locked") : article.error ? "error" : "loading";
  const title = useFocusTitleWithin(state);
  const listed = list.data?.find((a) => a.id === id);
  const about = article.data ?? listed;

  return (
    <div className="account container library-article">
      <nav aria-label="Breadcrumb" className="library-article__crumbs">
        <Link to={paths.accountLibrary}>
          <span aria-hidden="true">←</span> Library
        </Link>
      </nav>
      <div ref={title} className="library-article__main">
        {state === "article" && article.data ? (
          <>
            <title>{`${article.data.name} · Pathwise`}</title>
            <ArticleHead article={article.data} />
            <div className="library-article__text" dangerouslySetInnerHTML={{ __html: article.data.text }} />
          </>
        ) : state === "locked" && locked ? (
          <Locked article={listed} message={locked.message} unlock={locked.unlock} />
        ) : state === "missing" ? (
          <Notice title="We could not find this article" pageTitle="Article not found">
            <p>It may have been moved or taken out of the library. Everything we publish is listed there.</p>
            <p>
              <Link to={paths.accountLibrary} className="button button--primary">
                Back to the library
              </Link>
            </p>
          </Notice>
        ) : state === "error" ? (
          <Notice title={loggedOut(article.error) ? "Log in to read this article" : "We could not load this article"} pageTitle={about?.name ?? "Article"}>
            <LoadProblem error={article.error} what="this article" onRetry={() => void article.refetch()} />
          </Notice>
        ) : (
          <>
            <title>{`${about?.name ?? "Article"} · Pathwise`}</title>
            <ArticleSkeleton />
          </>
        )}
      </div>
      {about && state !== "missing" && <MoreInCategory article={about} articles={list.data?.filter(isListed) ?? []} />}
    </div>
  );
}

/** Image, category, the title (the page's one h1) and the reading time. */
function ArticleHead({ article, badge }: { article: ArticleListItem; badge?: ReactNode }) {
  return (
    <header className="library-article__head">
      <img className="library-article__hero" src={article.pic} alt="" width={1200} height={630} decoding="async" />
      <p className="eyebrow library-article__cat">
        {article.cat.name}
        {badge}
      </p>
      <h1 className="account__title library-article__title">{article.name}</h1>
      <p className="library-article__minutes">{readingTime(article.reading_minutes)}</p>
    </header>
  );
}

/** The article exists but needs a plan: what it is about, why it is locked, and the one way to open it. */
function Locked({ article, message, unlock }: { article: ArticleListItem | undefined; message: string; unlock: UnlockHint }) {
  return (
    <div className="library-lock">
      <title>{`${article?.name ?? "Locked article"} · Pathwise`}</title>
      {article ? <ArticleHead article={article} badge={<LockedBadge />} /> : <h1 className="account__title">This article is locked</h1>}
      {article && <p className="library-lock__summary">{article.summary}</p>}
      <PlanUnlock message={message} unlock={unlock} what="this article" />
    </div>
  );
}

function MoreInCategory({ article, articles }: { article: ArticleListItem; articles: ArticleListItem[] }) {
  const more = articles.filter((a) => a.cat.code === article.cat.code && a.id !== article.id).slice(0, MORE_COUNT);
  if (more.length === 0) return null;
  return (
    <section className="library-more" aria-labelledby="library-more-title">
      <div className="library-more__head">
        <h2 id="library-more-title" className="account__panel-title">
          More in {article.cat.name}
        </h2>
        <Link to={paths.accountLibraryCategory(article.cat.code)}>All of {article.cat.name}</Link>
      </div>
      <ul className="card-grid" aria-label={`More in ${article.cat.name}`}>
        {more.map((a) => (
          <ArticleCard key={a.id} article={a} headingLevel={3} />
        ))}
      </ul>
    </section>
  );
}

/** In place of the article: a heading of its own (the page moves focus to it) and what to do. */
function Notice({ title, pageTitle, children }: { title: string; pageTitle: string; children: ReactNode }) {
  return (
    <section className="account__panel library-article__notice" aria-labelledby="library-notice-title">
      <title>{`${pageTitle} · Pathwise`}</title>
      <h1 id="library-notice-title" className="account__title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Keeps the article's place while it loads, and says what is happening. */
function ArticleSkeleton() {
  return (
    <div className="library-skeleton">
      <div className="library-skeleton__hero" aria-hidden="true" />
      <div className="library-skeleton__lines" aria-hidden="true">
        <span className="library-skeleton__line library-skeleton__line--short" />
        <span className="library-skeleton__line library-skeleton__line--title" />
        <span className="library-skeleton__line" />
        <span className="library-skeleton__line" />
        <span className="library-skeleton__line library-skeleton__line--mid" />
      </div>
      <p className="library-skeleton__label" role="status">
        Loading the article…
      </p>
    </div>
  );
}
