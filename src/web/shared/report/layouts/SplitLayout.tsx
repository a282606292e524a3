import { useId } from "react";
import type { ReportBlock, ReportDocument, ReportSection } from "#schemas/report/document.ts";
import { ProfileCodeBlock } from "../blocks/ProfileCodeBlock.tsx";
import { ReportBlocks } from "../blocks/ReportBlocks.tsx";
import { ScaleChartBlock } from "../blocks/ScaleChartBlock.tsx";
import type { BlockOf } from "../blocks/types.ts";
import { Heading, levelOf } from "../heading-level.tsx";
import { LockedLine } from "../LockedLine.tsx";
import { ReportSectionView } from "../ReportSectionView.tsx";
import { isLocked } from "../section-anchor.ts";
import { profileCodeLabel } from "./findings.ts";
import { ReportArticle } from "./ReportArticle.tsx";
import type { ReportLayoutProps } from "./types.ts";
import "./split.css";

type Kept<K extends "scale_chart" | "profile_code"> = { section: ReportSection; block: BlockOf<K> } | null;

/** The first block of a kind in an open section, with its section: what the split layout keeps in view. */
function firstOf<K extends "scale_chart" | "profile_code">(document: ReportDocument, kind: K): Kept<K> {
  for (const section of document.sections) {
    if (isLocked(section)) continue;
    const block = section.blocks.find((b): b is BlockOf<K> => b.kind === kind);
    if (block) return { section, block };
  }
  return null;
}

const PANEL_TITLE = "Your scores at a glance";

/**
 * What stays in a section of a block the panel shows: nothing of the chart; of the code, what it
 * says about a tie (as a note), so the panel stays short enough to keep in view.
 */
function besideTheSections(block: ReportBlock): ReportBlock[] {
  return block.kind === "profile_code" && block.ties ? [{ kind: "callout", tone: "note", title: "About a tie", text: block.ties }] : [];
}

/**
 * Two columns on a wide screen: a side panel kept in view with the title, whom the report is for,
 * its date, the page's actions, the scores chart and the profile code; the sections beside it,
 * without the chart and code the panel already shows (a tie in the code is said in its section). On a narrower screen the panel comes first.
 */
export function SplitLayout({ document, actions, titleLevel = 1 }: ReportLayoutProps) {
  const titleId = useId();
  const { cover } = document;
  const Title = titleLevel === 1 ? "h1" : "h2";
  const chart = firstOf(document, "scale_chart");
  const code = firstOf(document, "profile_code");
  const shown = new Set<ReportBlock>([chart?.block, code?.block].filter((b) => b !== undefined));

  return (
    <ReportArticle layout="split" titleId={titleId} titleLevel={titleLevel}>
      <div className="report-split">
        <div className="report-split__panel">
          <header className="report-split__cover">
            <p className="report-cover__eyebrow">Personal report</p>
            <Title id={titleId} className="report-split__title">
              {document.title}
            </Title>
            {cover.first_name && (
              <p className="report-cover__for">
                Prepared for <span className="report-cover__name">{cover.first_name}</span>
              </p>
            )}
            <p className="report-cover__subtitle">{cover.subtitle}</p>
          </header>
          {actions && <div className="report-split__actions">{actions}</div>}
          {chart && (
            <div className="report-split__part">
              <Heading level={levelOf(titleLevel)} className="report-split__part-title">
                {PANEL_TITLE}
              </Heading>
              <ScaleChartBlock block={chart.block} />
            </div>
          )}
          {code && (
            <div className="report-split__part">
              <Heading level={levelOf(titleLevel)} className="report-split__part-title">
                {profileCodeLabel(code.section)}
              </Heading>
              <ProfileCodeBlock block={{ ...code.block, ties: null }} />
            </div>
          )}
        </div>
        <div className="report-split__main">
          <div className="report-split__summary">
            <p className="report-cover__summary-label">In short</p>
            <p className="report-cover__summary-text">{document.summary}</p>
          </div>
          <div className="report__paper">
            {document.sections.map((section, index) => {
              const blocks = section.blocks.flatMap((block) => (shown.has(block) ? besideTheSections(block) : [block]));
              return (
                <ReportSectionView key={section.id} id={section.id} title={section.title} number={index + 1} locked={isLocked(section)}>
                  {isLocked(section) ? (
                    <LockedLine />
                  ) : blocks.length > 0 ? (
                    <ReportBlocks blocks={blocks} />
                  ) : (
                    <p className="report-text report-split__moved">Shown at the start of the report, next to your name.</p>
                  )}
                </ReportSectionView>
              );
            })}
          </div>
        </div>
      </div>
    </ReportArticle>
  );
}
