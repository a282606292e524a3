import { Heading } from "../heading-level.tsx";
import type { BlockProps } from "./types.ts";

export function ParagraphBlock({ block }: BlockProps<"paragraph">) {
  return <p className="report-text">{block.text}</p>;
}

/** A heading inside a section: one level below the section's title (h3 under an h2). */
export function HeadingBlock({ block }: BlockProps<"heading">) {
  return (
    <Heading depth={1} className="report-subheading">
      {block.text}
    </Heading>
  );
}

export function ListBlock({ block }: BlockProps<"list">) {
  const items = block.items.map((item, index) => <li key={index}>{item}</li>);
  return block.style === "numbered" ? <ol className="report-list report-list--numbered">{items}</ol> : <ul className="report-list">{items}</ul>;
}
