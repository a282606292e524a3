import type { BlockProps } from "./types.ts";

export function ParagraphBlock({ block }: BlockProps<"paragraph">) {
  return <p className="report-text">{block.text}</p>;
}

/** A heading inside a section: sections are h2, so this is h3. */
export function HeadingBlock({ block }: BlockProps<"heading">) {
  return <h3 className="report-subheading">{block.text}</h3>;
}

export function ListBlock({ block }: BlockProps<"list">) {
  const items = block.items.map((item, index) => <li key={index}>{item}</li>);
  return block.style === "numbered" ? <ol className="report-list report-list--numbered">{items}</ol> : <ul className="report-list">{items}</ul>;
}
