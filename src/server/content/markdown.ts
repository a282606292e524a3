import { Marked } from "marked";

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Content is written by us, not by users; raw HTML in it is still not passed through. */
export function markdownToHtml(markdown: string): string {
  const escaped = markdown.replace(/<(?=[a-zA-Z/!])/g, "&lt;");
  return marked.parse(escaped) as string;
}

export const readingMinutes = (markdown: string) => Math.max(1, Math.round(markdown.split(/\s+/).length / 220));
