import { Heading } from "../heading-level.tsx";
import type { BlockOf, BlockProps } from "./types.ts";

type Tone = BlockOf<"callout">["tone"];

/** Printed above the title, so the kind of callout is said in words, not only by its colour. */
export const TONE_LABEL: Record<Tone, string> = { strength: "Strength", watch: "Watch out", note: "Note", help: "Where to find help" };

function ToneIcon({ tone }: { tone: Tone }) {
  const paths: Record<Tone, string> = {
    strength: "M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z",
    watch: "M12 4l9 15.5H3zM12 10v4.5M12 17.2v.3",
    note: "M12 3.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17zM12 11v5.5M12 7.8v.3",
    help: "M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z",
  };
  return (
    <svg className="report-callout__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[tone]} />
    </svg>
  );
}

/** A strength, a watch-out, a note or where to find help: calm tones, with help standing out. */
export function CalloutBlock({ block }: BlockProps<"callout">) {
  return (
    <div className="report-callout" data-tone={block.tone} role={block.tone === "help" ? "note" : undefined}>
      <p className="report-callout__tone">
        <ToneIcon tone={block.tone} />
        {TONE_LABEL[block.tone]}
      </p>
      <Heading depth={1} className="report-callout__title">
        {block.title}
      </Heading>
      <p className="report-callout__text">{block.text}</p>
    </div>
  );
}
