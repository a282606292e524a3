import type { ReportLibrary } from "#engine/report/build-report.ts";
import type { ContentSet } from "./read-content.ts";

/** A plan's description can run to paragraphs: a link shows its first sentence. */
const firstSentence = (text: string) => /^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();

/** The account content a report may link to, from the content folder as read at start. */
export function reportLibrary(content: Pick<ContentSet, "plans" | "articles" | "tools">): ReportLibrary {
  const active = <T extends { status?: string }>(items: T[]) => items.filter((i) => i.status === undefined || i.status === "active");
  return {
    plans: active(content.plans).map((p) => ({ code: p.code, title: p.name, summary: firstSentence(p.text) })),
    articles: active(content.articles.map((a) => ({ ...a.data, status: a.data.status }))).map((a) => ({ id: a.id, slug: a.slug, title: a.name, summary: a.summary })),
    tools: content.tools.map((t) => ({ name: t.data.name, title: t.data.title, summary: t.data.summary })),
  };
}
