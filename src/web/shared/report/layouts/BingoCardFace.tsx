import { CalloutBlock } from "../blocks/CalloutBlock.tsx";
import { ProfessionMatchLine, ProfessionName } from "../blocks/profession-parts.tsx";
import type { Profession } from "../blocks/ProfessionCard.tsx";
import { payText } from "../blocks/profession-pay.ts";
import { ProfileCodeBlock } from "../blocks/ProfileCodeBlock.tsx";
import { ScaleChartBlock } from "../blocks/ScaleChartBlock.tsx";
import { ScaleDetailBlock } from "../blocks/ScaleDetailBlock.tsx";
import { SourcesBlock } from "../blocks/SourcesBlock.tsx";
import { ListBlock } from "../blocks/TextBlocks.tsx";
import type { BlockOf } from "../blocks/types.ts";
import { ReportLink } from "../ReportLink.tsx";
import type { FindingCard } from "./findings.ts";

type LinkItem = BlockOf<"links">["items"][number];

/** A matched profession, short enough for a card: title (to its page), code, match, what the work is, pay. */
function ProfessionFinding({ profession }: { profession: Profession }) {
  const pay = profession.pay && payText(profession.pay);
  return (
    <div className="profession report-bingo__profession">
      <ProfessionName profession={profession} titleClass="report-bingo__profession-title" />
      <ProfessionMatchLine match={profession.match} className="report-bingo__match" />
      <p className="report-bingo__summary">{profession.summary}</p>
      <dl className="report-bingo__facts">
        <div>
          <dt>Education for entry</dt>
          <dd>{profession.education}</dd>
        </div>
        {pay && (
          <div>
            <dt>Median pay (U.S.)</dt>
            <dd>{pay.median}</dd>
          </div>
        )}
      </dl>
      {pay && <p className="profession__source">Pay: {pay.source}.</p>}
    </div>
  );
}

/** A link into the account as a card: its title (the link) and what it holds; the card's label says what kind it is. */
function LinkFinding({ link }: { link: LinkItem }) {
  return (
    <div className="report-bingo__link">
      <p className="report-link-card__title">
        <ReportLink href={link.href} className="report-link-card__link">
          {link.title}
        </ReportLink>
      </p>
      <p className="report-link-card__text">{link.text}</p>
      <span className="report-link-card__arrow" aria-hidden="true">
        →
      </span>
    </div>
  );
}

function Body({ card }: { card: FindingCard }) {
  switch (card.kind) {
    case "chart":
      return <ScaleChartBlock block={card.block} />;
    case "scale":
      return <ScaleDetailBlock block={card.block} />;
    case "code":
      return <ProfileCodeBlock block={card.block} />;
    case "callout":
      return <CalloutBlock block={card.block} />;
    case "profession":
      return <ProfessionFinding profession={card.profession} />;
    case "link":
      return <LinkFinding link={card.link} />;
    case "text":
      return card.paragraphs.map((text, index) => (
        <p key={index} className="report-text">
          {text}
        </p>
      ));
    case "list":
      return <ListBlock block={card.block} />;
    case "sources":
      return <SourcesBlock block={card.block} />;
  }
}

/** Whether a face-up card shows its label: a callout names its tone and title, the sources say so, and a section's opening text needs none. */
const needsLabel = (card: FindingCard) => card.kind !== "callout" && card.kind !== "sources" && !(card.kind === "text" && card.lead);

/** A finding card's content, face up; `showLabel` adds its label above it (a face-down card's button says it instead). */
export function BingoCardFace({ card, showLabel }: { card: FindingCard; showLabel: boolean }) {
  return (
    <div className="report-bingo__face" data-kind={card.kind}>
      {showLabel && needsLabel(card) && <p className="report-bingo__label">{card.label}</p>}
      <Body card={card} />
    </div>
  );
}
