import { useMemo } from "react";
import { useT } from "#web/shared/catalog/index.ts";
import { parseMarkdown, plainText, renderBlocks, fillCodes } from "./markdown.tsx";
import "./LegalPage.css";

/**
 * A legal or help page from content/legal/*.md. The first `# heading` is the page's h1 and title;
 * `{{code}}` in the text is filled from the catalogue (company name, address, support e-mail).
 */
export function LegalPage({ source }: { source: string }) {
  const t = useT();
  const blocks = useMemo(() => parseMarkdown(fillCodes(source, t)), [source, t]);
  const h1 = blocks.find((b) => b.kind === "heading" && b.level === 1);
  const title = h1?.kind === "heading" ? h1.text : "";
  // The page's first paragraph past its date: what it is about, for search results.
  const lead = blocks.find((b) => b.kind === "paragraph" && !b.text.startsWith("Last updated"));
  return (
    <article className="legal container">
      <title>{`${title} · ${t("brand.name")}`}</title>
      {lead?.kind === "paragraph" ? <meta name="description" content={plainText(lead.text)} /> : null}
      <div className="legal__body">{renderBlocks(blocks)}</div>
    </article>
  );
}
