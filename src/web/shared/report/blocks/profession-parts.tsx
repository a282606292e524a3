import { percentText } from "../format.ts";
import { Heading } from "../heading-level.tsx";
import { ReportLink } from "../ReportLink.tsx";
import { ScaleBar } from "../ScaleBar.tsx";
import type { BlockOf } from "./types.ts";

type Profession = BlockOf<"professions">["items"][number];

/** A matched occupation's title (a link to its page) and its interest code: the full card and the bingo card share it. */
export function ProfessionName({ profession, titleClass }: { profession: Profession; titleClass: string }) {
  return (
    <>
      <Heading depth={1} className={titleClass}>
        <ReportLink href={profession.href} className="profession__link">
          {profession.title}
        </ReportLink>
      </Heading>
      <p className="profession__code">
        Interest code <span className="profession__code-letters">{profession.code}</span>
      </p>
    </>
  );
}

/** How well an occupation matches the profile, in words and as a bar. */
export function ProfessionMatchLine({ match, className }: { match: number; className: string }) {
  return (
    <div className={className}>
      <p className="profession__match-text">
        <strong>{percentText(match)}</strong> match
      </p>
      <ScaleBar percent={match} size="sm" />
    </div>
  );
}
