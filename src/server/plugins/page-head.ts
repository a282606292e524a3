/**
 * A rendered page's head tags (ADR 054). React writes the `<title>`, `<meta>` and `<link>` elements a
 * page renders (its title, its description, a picture's preload) first in what `renderToString`
 * returns, in no fixed order; they belong in the document's head, where the page's own title and
 * description take the place of the site's generic ones from index.html.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const HREF = /\shref="([^"]*)"/;

/** The tags React put before the page's first element, and the rest. */
export function splitHoisted(html: string): { tags: string[]; body: string } {
  const tags: string[] = [];
  let body = html;
  for (let found = HOISTED.exec(body); found; found = HOISTED.exec(body)) {
    tags.push(found[0]);
    body = body.slice(found[0].length);
  }
  return { tags, body };
}

/**
 * index.html's head with the page's title and description in place of the generic ones, and the
 * page's other tags after them; a link already among `links` (the server's own preloads) is not
 * written twice. A page without a title or description keeps the generic one.
 */
export function pageHead(head: string, tags: readonly string[], links: string): string {
  let out = head;
  const more: string[] = [];
  for (const tag of tags) {
    if (TITLE.test(tag) && TITLE.test(out)) out = out.replace(TITLE, () => tag);
    else if (DESCRIPTION.test(tag) && DESCRIPTION.test(out)) out = out.replace(DESCRIPTION, () => tag);
    else if (!tag.startsWith("<link") || !links.includes(`href="${HREF.exec(tag)?.[1] ?? tag}"`)) more.push(tag);
  }
  return out + more.join("");
}
