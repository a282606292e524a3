import { Link } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import type { RiasecLetter } from "#schemas/content/profession.ts";
import { CAREER_REPORT_CODE, type ProfessionMatchView, type ProfessionView } from "./professions-api.ts";
import { codeLetters, positionText, RIASEC_AREAS, RIASEC_ORDER, topLetters } from "./riasec.ts";

const NO_MATCH: Record<NonNullable<ProfessionMatchView["reason"]>, string> = {
  flat_profile:
    "Your answers rate all six areas the same, so nothing in your profile rises or falls and there is no shape to compare: we cannot give this occupation a match number.",
  flat_occupation: "This occupation's six interest levels are all the same, so there is no shape to compare and no match number.",
  invalid_profile: "Your result's figures are outside their range, so we cannot work out a match from them.",
  invalid_occupation: "This occupation's interest figures are outside their range, so we cannot work out a match from them.",
};

/** How many leading letters of the occupation's code follow the order of the person's areas, in words. */
function agreementText(code: string, agreeing: number): string {
  const letters = [...code];
  if (agreeing === 0) return `Its first letter, ${letters[0]}, is not your highest area.`;
  if (agreeing >= letters.length)
    return letters.length === 1 ? `Its letter, ${code}, is your highest area.` : `All ${letters.length} letters of ${code} follow the order of your areas.`;
  if (agreeing === 1) return `Its first letter, ${letters[0]}, is your highest area; the next one does not follow your order.`;
  return `The first ${agreeing} letters of ${code} follow the order of your areas; the ${letters.length === 3 ? "third" : "next"} does not.`;
}

function Letters({ letters, label }: { letters: RiasecLetter[]; label: string }) {
  return (
    <div className="profession-match__code">
      <p className="profession-match__code-label">{label}</p>
      <p className="profession-match__letters" aria-hidden="true">
        {letters.map((letter) => (
          <span key={letter} className="profession-letter">
            {letter}
          </span>
        ))}
      </p>
      <p className="profession-match__names">
        <span className="visually-hidden">{letters.join("")}: </span>
        {letters.map((l) => RIASEC_AREAS[l].name).join(", ")}
      </p>
    </div>
  );
}

/** "How well it matches your result": the number, what it is made of and what it does not say, and the way back to the report. */
export function ProfessionMatch({ match, profession }: { match: ProfessionMatchView; profession: ProfessionView }) {
  const top = topLetters(match.profile);
  const code = codeLetters(profession.riasec.code).map((l) => l.letter);
  return (
    <section className="account__panel profession-match" aria-labelledby="profession-match-title">
      <h2 id="profession-match-title" className="account__panel-title">
        How well it matches your result
      </h2>

      <div className="profession-match__grid">
        <div className="profession-match__summary">
          {match.match !== null ? (
            <div className="profession-match__score">
              <p className="profession-match__number">
                <strong>{match.match}</strong> <span>out of 100</span>
              </p>
              <div className="profession-match__bar" aria-hidden="true">
                <span style={{ inlineSize: `${match.match}%` }} />
              </div>
              <p className="profession-match__scale">100 means the same shape as your profile, 50 no relation, 0 the opposite shape.</p>
            </div>
          ) : (
            <p className="profession-match__none">{NO_MATCH[match.reason ?? "invalid_profile"]}</p>
          )}

          <div className="profession-match__codes">
            <Letters letters={top.letters} label="Your top areas" />
            <Letters letters={code} label="This occupation's code" />
          </div>
          {match.reason !== "flat_profile" && <p>{agreementText(profession.riasec.code, match.code_agreement)}</p>}
          {top.tie && <p className="profession-match__note">{top.tie}</p>}
        </div>

        <div className="profession-match__table-wrap">
          <table className="profession-match__table">
            <caption>Your six areas next to this occupation's interest levels</caption>
            <thead>
              <tr>
                <th scope="col">Area</th>
                <th scope="col">
                  Your result <span className="profession-match__unit">0–100</span>
                </th>
                <th scope="col">
                  This occupation <span className="profession-match__unit">O*NET, 1–7</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {RIASEC_ORDER.map((letter) => (
                <tr key={letter}>
                  <th scope="row">
                    {RIASEC_AREAS[letter].name} ({letter})
                  </th>
                  <td>{positionText(match.profile[letter])}</td>
                  <td>{profession.riasec.levels[letter].toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <div className="profession-match__method">
        <h3 className="profession-match__method-title">How the match is worked out</h3>
        <p>
          We compare the shape of your six interest areas with the interest profile O*NET gives this occupation: which areas stand above or below your own
          average, and whether the occupation rises and falls in the same places. The match is the Pearson correlation between the two profiles, shown from 0 to
          100. Only the shape counts, not how high your answers were overall.
        </p>
        <p>
          A match describes how similar two sets of interests are. It does not measure ability or predict how well you would do, how much you would enjoy the
          work or whether you would be hired, and it must not be used for hiring or placement. Matches a few points apart are not meaningfully different, and
          O*NET describes occupations as they are in the United States.
        </p>
      </div>

      <p>
        <Link to={paths.accountReport(CAREER_REPORT_CODE)} className="button button--secondary">
          Back to your career report
        </Link>
      </p>
    </section>
  );
}
