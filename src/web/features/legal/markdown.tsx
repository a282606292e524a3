import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/**
 * A deliberately tiny Markdown renderer for the legal pages in content/legal/*.md.
 * It knows `#`–`###` headings, paragraphs, `- ` lists, `**bold**` and `[text](href)` links,
 * and builds React elements (never HTML strings), so nothing in the text can inject markup.
 * Links must be site paths (`/…`), `mailto:` or `https:`; anything else renders as plain text.
 */
export type Block = { kind: "heading"; level: 1 | 2 | 3; text: string } | { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    if (list) blocks.push({ kind: "list", items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === "") {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (item) {
      if (paragraph.length > 0) flush();
      (list ??= []).push(item[1]!);
    } else if (list) {
      // A continuation line of the last list item.
      list[list.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const SAFE_HREF = /^(\/(?!\/)|mailto:|https:\/\/)/;
const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index;
    if (index > last) out.push(text.slice(last, index));
    const [whole, bold, label, href] = match;
    const key = `${index}`;
    if (bold !== undefined) {
      out.push(<strong key={key}>{renderInline(bold)}</strong>);
    } else if (label !== undefined && href !== undefined && SAFE_HREF.test(href)) {
      out.push(
        href.startsWith("/") ? (
          <Link key={key} to={href}>
            {label}
          </Link>
        ) : (
          <a key={key} href={href}>
            {label}
          </a>
        ),
      );
    } else {
      out.push(label ?? whole);
    }
    last = index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A line's words without its formatting: bold as plain text, a link as its label. */
export function plainText(text: string): string {
  return text.replace(INLINE, (whole, bold: string | undefined, label: string | undefined) => (bold === undefined ? (label ?? whole) : plainText(bold)));
}

export function renderBlocks(blocks: readonly Block[]): ReactNode[] {
  return blocks.map((block, i) => {
    switch (block.kind) {
      case "heading": {
        const Tag = `h${block.level}` as const;
        return <Tag key={i}>{renderInline(block.text)}</Tag>;
      }
      case "list":
        return (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{renderInline(item)}</li>
            ))}
          </ul>
        );
      case "paragraph":
        return <p key={i}>{renderInline(block.text)}</p>;
    }
  });
}

/** Replaces `{{catalog.code}}` with the catalogue's text for that code. */
export function fillCodes(source: string, t: (code: string) => string): string {
  return source.replace(/\{\{([a-z0-9_.]+)\}\}/g, (_, code: string) => t(code));
}
