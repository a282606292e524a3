import type { Ref } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import { ProfessionMatch } from "./ProfessionMatch.tsx";
import { CAREER_REPORT_CODE, isUnknownProfession, type ProfessionView, usableResultId, useProfession } from "./professions-api.ts";
import { codeLetters, JOB_ZONES, sourceText, usdText } from "./riasec.ts";
import "#web/shared/ui/forms.css";
import "./professions.css";

/**
 * `/account/professions/:slug?result=…`: one occupation — what the work is, tasks, skills,
 * education, preparation and U.S. pay with their sources — and, for a result of the customer's own,
 * how well it matches that result. Someone else's result (or none) shows the occupation alone.
 */
export function ProfessionPage() {
  const { slug = "" } = useParams();
  const [search] = useSearchParams();
  const resultId = usableResultId(search.get("result"));
  const { data, error, refetch } = useProfession(slug, resultId);
  const state = data ? "shown" : error ? (isUnknownProfession(error) ? "unknown" : "failed") : "loading";
  const heading = useFocusHeading(`${slug}:${state}:${data?.match ? "match" : ""}`);
  const back = data?.match ? { to: paths.accountReport(CAREER_REPORT_CODE), label: "Your career report" } : { to: paths.accountReports, label: "Your reports" };

  return (
    <div className="account container profession-page">
      <Link to={back.to} className="profession-page__back">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      {state === "loading" && (
        <>
          <title>Profession · Pathwise</title>
          <PageLoading label="Loading the profession…" />
        </>
      )}
      {state === "unknown" && (
        <section className="account__panel profession-page__notice" aria-labelledby="profession-title">
          <title>Profession not found · Pathwise</title>
          <h1 id="profession-title" className="account__title" tabIndex={-1} ref={heading}>
            We couldn’t find that profession
          </h1>
          <p>The link may be out of date or mistyped. Your career report lists the professions that match your interests, each with a page of its own.</p>
          <p>
            <Link to={paths.accountReports} className="button button--primary">
              Go to your reports
            </Link>
          </p>
        </section>
      )}
      {state === "failed" && (
        <section className="account__panel profession-page__notice" aria-labelledby="profession-title">
          <title>Profession · Pathwise</title>
          <h1 id="profession-title" className="account__title" tabIndex={-1} ref={heading}>
            This profession could not be loaded
          </h1>
          <div className="message message--error" role="alert">
            We could not load this profession just now.{" "}
            <button type="button" className="button--text profession-page__inline-button" onClick={refetch}>
              Try again
            </button>
          </div>
        </section>
      )}
      {data && (
        <>
          <ProfessionHeader profession={data.profession} heading={heading} />
          {data.match && <ProfessionMatch match={data.match} profession={data.profession} />}
          <ProfessionDetails profession={data.profession} />
          <ProfessionSources profession={data.profession} />
        </>
      )}
    </div>
  );
}

function ProfessionHeader({ profession, heading }: { profession: ProfessionView; heading: Ref<HTMLHeadingElement> }) {
  const letters = codeLetters(profession.riasec.code);
  return (
    <header className="account__header profession-page__header">
      <title>{`${profession.title} · Pathwise`}</title>
      <p className="eyebrow">Profession</p>
      <h1 className="account__title" tabIndex={-1} ref={heading}>
        {profession.title}
      </h1>
      {!profession.active && (
        <p className="profession-page__retired">
          This occupation is no longer in the list our reports match against. Its page stays so that older reports keep working.
        </p>
      )}
      <div className="profession-code">
        <p className="profession-code__label">
          Interest code <strong className="profession-code__code">{profession.riasec.code}</strong>
        </p>
        <ul className="profession-code__letters" aria-label={`Interest code ${profession.riasec.code}, highest first`}>
          {letters.map(({ letter, name, about }) => (
            <li key={letter}>
              <span className="profession-letter" aria-hidden="true">
                {letter}
              </span>
              <span>
                <strong>{name}</strong>
                <span className="visually-hidden"> ({letter})</span>
                <span className="profession-code__about">{about}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}

function ProfessionDetails({ profession }: { profession: ProfessionView }) {
  const zone = JOB_ZONES[profession.job_zone.zone];
  const { pay } = profession;
  return (
    <div className="profession-page__body">
      <div className="profession-page__main">
        <section className="profession-page__section" aria-labelledby="profession-work">
          <h2 id="profession-work" className="account__panel-title">
            What the work is
          </h2>
          <p className="profession-page__summary">{profession.summary}</p>
        </section>
        <section className="profession-page__section" aria-labelledby="profession-tasks">
          <h2 id="profession-tasks" className="account__panel-title">
            Typical tasks
          </h2>
          <ul className="account__list profession-page__tasks">
            {profession.tasks.map((task, index) => (
              <li key={index}>{task}</li>
            ))}
          </ul>
        </section>
        <section className="profession-page__section" aria-labelledby="profession-skills">
          <h2 id="profession-skills" className="account__panel-title">
            Skills
          </h2>
          <ul className="profession-page__skills">
            {profession.skills.map((skill, index) => (
              <li key={index}>{skill}</li>
            ))}
          </ul>
        </section>
      </div>

      <div className="profession-page__facts">
        <section className="profession-fact" aria-labelledby="profession-education">
          <h2 id="profession-education" className="profession-fact__title">
            Typical education
          </h2>
          <p className="profession-fact__value">{profession.education.level}</p>
          <p className="profession-fact__source">Source: {sourceText(profession.education.from.source, profession.education.from.year)}</p>
        </section>
        <section className="profession-fact" aria-labelledby="profession-zone">
          <h2 id="profession-zone" className="profession-fact__title">
            Preparation
          </h2>
          <p className="profession-fact__value">Job Zone {profession.job_zone.zone} of 5</p>
          {zone && (
            <p>
              <strong>{zone.title}.</strong> {zone.means}
            </p>
          )}
          <p className="profession-fact__source">Source: {sourceText(profession.job_zone.from.source, profession.job_zone.from.year)}</p>
        </section>
        {pay ? (
          <section className="profession-fact" aria-labelledby="profession-pay">
            <h2 id="profession-pay" className="profession-fact__title">
              Pay in the United States
            </h2>
            <dl className="profession-fact__figures">
              <div>
                <dt>Median a year</dt>
                <dd className="profession-fact__value">{usdText(pay.median_annual_usd)}</dd>
              </div>
              {(pay.p10_annual_usd !== null || pay.p90_annual_usd !== null) && (
                <div>
                  <dt>10th to 90th percentile</dt>
                  <dd>
                    {pay.p10_annual_usd !== null ? usdText(pay.p10_annual_usd) : "not published"} to{" "}
                    {pay.p90_annual_usd !== null ? usdText(pay.p90_annual_usd) : "not published"}
                  </dd>
                </div>
              )}
            </dl>
            {pay.p10_annual_usd !== null && pay.p90_annual_usd !== null && (
              <p>Half of workers earn more than the median and half less; 8 in 10 earn within the range.</p>
            )}
            <p className="profession-fact__source">Source: {sourceText(pay.from.source, pay.from.year)}</p>
          </section>
        ) : (
          <p className="profession-fact profession-fact--none">No published pay figure for this occupation.</p>
        )}
      </div>
    </div>
  );
}

function ProfessionSources({ profession }: { profession: ProfessionView }) {
  const facts = [
    { what: "Interest code and levels", from: profession.riasec.from },
    { what: "Preparation (Job Zone)", from: profession.job_zone.from },
    { what: "Typical education", from: profession.education.from },
    ...(profession.pay ? [{ what: "Pay", from: profession.pay.from }] : []),
  ];
  return (
    <section className="profession-page__credit" aria-labelledby="profession-sources">
      <h2 id="profession-sources" className="account__panel-title">
        Sources
      </h2>
      <ul className="profession-page__sources">
        {facts.map(({ what, from }) => (
          <li key={what}>
            {what}: <a href={from.url}>{from.source}</a>
            {from.source.includes(String(from.year)) ? "" : `, ${from.year}`}
          </li>
        ))}
        <li>O*NET-SOC code {profession.onet_soc}. What the work is, the tasks and the skills are written by Pathwise.</li>
      </ul>
      <p className="profession-page__attribution">{profession.attribution}</p>
    </section>
  );
}
