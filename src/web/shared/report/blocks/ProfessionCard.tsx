import { Heading } from "../heading-level.tsx";
import { percentText } from "../format.ts";
import { ReportLink } from "../ReportLink.tsx";
import { ScaleBar } from "../ScaleBar.tsx";
import { payText } from "./profession-pay.ts";
import type { BlockOf } from "./types.ts";

export type Profession = BlockOf<"professions">["items"][number];

/** One matched occupation: how well it matches, what the work is, and the facts with their source. */
export function ProfessionCard({ profession }: { profession: Profession }) {
  const pay = profession.pay && payText(profession.pay);
  return (
    <article className="profession">
      <header className="profession__head">
        <div className="profession__heading">
          <Heading depth={1} className="profession__title">
            <ReportLink href={profession.href} className="profession__link">
              {profession.title}
            </ReportLink>
          </Heading>
          <p className="profession__code">
            Interest code <span className="profession__code-letters">{profession.code}</span>
          </p>
        </div>
        <div className="profession__match">
          <p className="profession__match-text">
            <strong>{percentText(profession.match)}</strong> match
          </p>
          <ScaleBar percent={profession.match} size="sm" />
        </div>
      </header>

      <p className="profession__summary">{profession.summary}</p>

      <div className="profession__columns">
        {profession.tasks.length > 0 && (
          <div className="profession__part">
            <p className="profession__label">Typical tasks</p>
            <ul className="profession__tasks">
              {profession.tasks.map((task, index) => (
                <li key={index}>{task}</li>
              ))}
            </ul>
          </div>
        )}
        {profession.skills.length > 0 && (
          <div className="profession__part">
            <p className="profession__label">Skills</p>
            <ul className="profession__skills">
              {profession.skills.map((skill, index) => (
                <li key={index}>{skill}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <dl className="profession__facts">
        <div className="profession__fact">
          <dt>Education for entry</dt>
          <dd>{profession.education}</dd>
        </div>
        {pay && (
          <div className="profession__fact">
            <dt>Median pay (U.S.)</dt>
            <dd>{pay.median}</dd>
          </div>
        )}
        {pay?.range && (
          <div className="profession__fact">
            <dt>{pay.range.label}</dt>
            <dd>{pay.range.value}</dd>
          </div>
        )}
      </dl>
      {pay && <p className="profession__source">Pay: {pay.source}.</p>}
    </article>
  );
}
