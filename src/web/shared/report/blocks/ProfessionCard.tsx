import { ProfessionMatchLine, ProfessionName } from "./profession-parts.tsx";
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
          <ProfessionName profession={profession} titleClass="profession__title" />
        </div>
        <ProfessionMatchLine match={profession.match} className="profession__match" />
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
