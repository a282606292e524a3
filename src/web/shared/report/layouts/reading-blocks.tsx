import type { ComponentType } from "react";
import type { ReportBlock } from "#schemas/report/document.ts";
import { TONE_LABEL } from "../blocks/CalloutBlock.tsx";
import { payText } from "../blocks/profession-pay.ts";
import { ScaleChartBlock } from "../blocks/ScaleChartBlock.tsx";
import { SourcesBlock } from "../blocks/SourcesBlock.tsx";
import { HeadingBlock, ListBlock, ParagraphBlock } from "../blocks/TextBlocks.tsx";
import type { BlockProps, BlockRenderers } from "../blocks/types.ts";
import { directionText, levelText, percentText } from "../format.ts";
import { Heading } from "../heading-level.tsx";
import { ReportLink } from "../ReportLink.tsx";

/** A scale in prose: its name as a heading, its level in words, what it measures and what it means. */
function ReadingScale({ block }: BlockProps<"scale_detail">) {
  const { scale } = block;
  const level = [levelText(scale), scale.band?.label, directionText(scale.higher_is)?.toLowerCase()].filter(Boolean).join(" · ");
  return (
    <div className="report-reading__scale">
      <Heading depth={1} className="report-reading__subtitle">
        {scale.name}
      </Heading>
      <p className="report-reading__meta">{level}</p>
      <p>{block.about}</p>
      <p>
        <em>What it means for you:</em> {block.meaning}
      </p>
    </div>
  );
}

/** The profile code set large, then its letters in words. */
function ReadingCode({ block }: BlockProps<"profile_code">) {
  return (
    <div className="report-reading__code">
      <p className="report-reading__code-letters">
        <span className="visually-hidden">Your code: </span>
        {block.code}
      </p>
      <p>{block.letters.map((l) => `${l.name} (${percentText(l.percent)})`).join(", ")}.</p>
      {block.ties && (
        <p>
          <strong>About a tie.</strong> {block.ties}
        </p>
      )}
    </div>
  );
}

/** A callout as a plain paragraph led by its title in bold; help keeps its words "Where to find help". */
function ReadingCallout({ block }: BlockProps<"callout">) {
  return (
    <p className="report-reading__callout" data-tone={block.tone} role={block.tone === "help" ? "note" : undefined}>
      <strong>
        {block.tone === "help" && `${TONE_LABEL.help}. `}
        {block.title}.
      </strong>{" "}
      {block.text}
    </p>
  );
}

function ReadingLinks({ block }: BlockProps<"links">) {
  return (
    <ul className="report-reading__links">
      {block.items.map((item, index) => (
        <li key={`${item.href}-${index}`}>
          <ReportLink href={item.href}>{item.title}</ReportLink>. {item.text}
        </li>
      ))}
    </ul>
  );
}

/** Each profession as a short passage: title (to its page), code and match, the work, tasks, skills, education and pay. */
function ReadingProfessions({ block }: BlockProps<"professions">) {
  return (
    <ol className="report-reading__professions">
      {block.items.map((profession) => {
        const pay = profession.pay && payText(profession.pay);
        return (
          <li key={profession.slug} className="report-reading__profession">
            <Heading depth={1} className="report-reading__subtitle">
              <ReportLink href={profession.href}>{profession.title}</ReportLink>
            </Heading>
            <p className="report-reading__meta">
              {percentText(profession.match)} match · interest code {profession.code}
            </p>
            <p>{profession.summary}</p>
            {profession.tasks.length > 0 && (
              <p>
                <em>Typical tasks:</em> {profession.tasks.join("; ")}.
              </p>
            )}
            {profession.skills.length > 0 && (
              <p>
                <em>Skills:</em> {profession.skills.join(", ")}.
              </p>
            )}
            <p>
              <em>Education for entry:</em> {profession.education}.
              {pay && (
                <>
                  {" "}
                  <em>Median pay (U.S.):</em> {pay.median}
                  {pay.range && ` (${pay.range.label.toLowerCase()} ${pay.range.value})`}. Pay: {pay.source}.
                </>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** The reading layout's renderers: the same blocks as prose, with no cards or coloured boxes; charts stay. */
const readingRenderers: BlockRenderers = {
  paragraph: ParagraphBlock,
  heading: HeadingBlock,
  list: ListBlock,
  scale_chart: ScaleChartBlock,
  scale_detail: ReadingScale,
  profile_code: ReadingCode,
  callout: ReadingCallout,
  links: ReadingLinks,
  professions: ReadingProfessions,
  sources: SourcesBlock,
};

/** A section's blocks in order, one after another, through the reading renderers. */
export function ReadingBlocks({ blocks }: { blocks: readonly ReportBlock[] }) {
  return blocks.map((block, index) => {
    const Renderer = readingRenderers[block.kind] as ComponentType<BlockProps<ReportBlock["kind"]>>;
    return <Renderer key={index} block={block} />;
  });
}
