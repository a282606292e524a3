import { useId, useState } from "react";
import { TONE_LABEL } from "../blocks/CalloutBlock.tsx";
import { Heading, levelOf, NestedHeadingLevel } from "../heading-level.tsx";
import { LockedLine } from "../LockedLine.tsx";
import { ReportCover } from "../ReportCover.tsx";
import { sectionNumber } from "../ReportSectionView.tsx";
import { sectionAnchor } from "../section-anchor.ts";
import { BingoCardFace } from "./BingoCardFace.tsx";
import { allCards, findingsOf, isFullWidth, type FindingCard } from "./findings.ts";
import { ReportArticle } from "./ReportArticle.tsx";
import type { ReportLayoutProps } from "./types.ts";
import "./bingo.css";

type Props = ReportLayoutProps & {
  /** Every card starts face down, showing its label only; the reader turns them over. */
  faceDown?: boolean;
};

type FlipProps = { card: FindingCard; turned: boolean; onTurn: () => void; titleLevel: 1 | 2 };

/** A face-down card: its label as a button that turns it over (and back); the finding is shown once turned. */
function FlipCard({ card, turned, onTurn, titleLevel }: FlipProps) {
  const contentId = useId();
  const kicker = card.kind === "callout" ? TONE_LABEL[card.block.tone] : null;
  return (
    <>
      <Heading level={levelOf(titleLevel, 1)} className="report-bingo__flip-heading">
        <button type="button" className="report-bingo__flip" aria-expanded={turned} aria-controls={contentId} onClick={onTurn}>
          {kicker && (
            <span className="report-bingo__flip-kicker">
              {kicker}
              <span className="visually-hidden">: </span>
            </span>
          )}
          <span className="report-bingo__flip-label">{card.label}</span>
          <span className="report-bingo__flip-hint" aria-hidden="true">
            {turned ? "Turn back" : "Turn over"}
          </span>
        </button>
      </Heading>
      <div id={contentId} className="report-bingo__content" hidden={!turned}>
        <NestedHeadingLevel>
          <BingoCardFace card={card} showLabel={false} />
        </NestedHeadingLevel>
      </div>
    </>
  );
}

/**
 * The report as a grid of finding cards grouped by section: each area, the code, each strength and
 * watch-out, each profession, each link, each run of text, the chart and the sources. Face down
 * (bingo-v2), each card shows its label until the reader turns it over, or all of them at once.
 */
export function BingoLayout({ document, actions, titleLevel = 1, faceDown = false }: Props) {
  const titleId = useId();
  const countId = useId();
  const groups = findingsOf(document);
  const cards = allCards(groups);
  const [turned, setTurned] = useState<ReadonlySet<string>>(() => new Set());
  const allTurned = cards.length > 0 && cards.every((card) => turned.has(card.key));

  const turn = (key: string) =>
    setTurned((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <ReportArticle layout={faceDown ? "bingo-v2" : "bingo"} titleId={titleId} titleLevel={titleLevel} className="report-bingo">
      <ReportCover document={document} summary={document.summary} titleId={titleId} actions={actions} titleLevel={titleLevel} />
      {faceDown && cards.length > 0 && (
        <div className="report-bingo__bar">
          <p className="report-bingo__intro">Every card holds one finding from your report. Turn them over one at a time, in any order you like.</p>
          <div className="report-bingo__controls">
            <p id={countId} className="report-bingo__count" role="status">
              <strong>{turned.size}</strong> of {cards.length} turned over
            </p>
            <button
              type="button"
              className="button button--primary"
              aria-describedby={countId}
              onClick={() => setTurned(new Set(allTurned ? [] : cards.map((card) => card.key)))}
            >
              {allTurned ? "Turn all face down" : "Turn all over"}
            </button>
          </div>
        </div>
      )}
      {groups.map((group) => {
        const anchor = sectionAnchor(group.id);
        return (
          <section key={group.id} id={anchor} className="report-bingo__group" aria-labelledby={`${anchor}-title`} data-locked={group.locked || undefined}>
            <div className="report-bingo__group-head">
              <span className="report-bingo__group-number" aria-hidden="true">
                {sectionNumber(group.number)}
              </span>
              <Heading level={levelOf(titleLevel)} id={`${anchor}-title`} className="report-bingo__group-title">
                {group.title}
              </Heading>
            </div>
            {group.locked ? (
              <LockedLine />
            ) : (
              <ul className="report-bingo__grid">
                {group.cards.map((card) => (
                  <li
                    key={card.key}
                    className="report-bingo__card"
                    data-kind={card.kind}
                    data-wide={isFullWidth(card) || undefined}
                    data-face={faceDown ? (turned.has(card.key) ? "up" : "down") : undefined}
                  >
                    {faceDown ? (
                      <FlipCard card={card} turned={turned.has(card.key)} onTurn={() => turn(card.key)} titleLevel={titleLevel} />
                    ) : (
                      <BingoCardFace card={card} showLabel />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </ReportArticle>
  );
}

/** bingo-v2: the same grid with every card face down. */
export function BingoFaceDownLayout(props: ReportLayoutProps) {
  return <BingoLayout {...props} faceDown />;
}
