import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useOptionalAuthStatus } from "#web/shared/auth/AuthProvider.tsx";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { useFocusHeading } from "#web/shared/ui/use-focus-heading.ts";
import { careerToolkitQueryOptions, type CareerToolkit, type ToolkitItem } from "./career-toolkit-api.ts";
import "./career-toolkit.css";

const TYPE_LABEL: Record<ToolkitItem["type"], string> = { plan: "Education plan", article: "Guide", tool: "Tool" };

/** /account/career-toolkit: every item links to its page in the account (which shows its own lock when the plan has ended). */
export function AccountCareerToolkitPage() {
  return <CareerToolkitPage inAccount />;
}

/** /career-toolkit: what the toolkit holds and why, for anyone; the items themselves come with a plan, so they are not links here. */
export function PublicCareerToolkitPage() {
  return <CareerToolkitPage inAccount={false} />;
}

function CareerToolkitPage({ inAccount }: { inAccount: boolean }) {
  const heading = useFocusHeading();
  const toolkit = useQuery(careerToolkitQueryOptions());
  return (
    <div className="container toolkit">
      <title>{`${toolkit.data?.title ?? "Career toolkit"} · Pathwise`}</title>
      {toolkit.data?.intro[0] ? <meta name="description" content={toolkit.data.intro[0]} /> : null}
      <header className="toolkit__header">
        {inAccount ? <p className="eyebrow">Your account</p> : null}
        <h1 ref={heading} tabIndex={-1} className="toolkit__title">
          {toolkit.data?.title ?? "Career toolkit"}
        </h1>
        {toolkit.data?.intro.map((p) => (
          <p key={p} className="toolkit__intro">
            {p}
          </p>
        ))}
      </header>
      {toolkit.isPending ? (
        <PageLoading label="Loading the toolkit…" />
      ) : toolkit.isError ? (
        <LoadFailed what="the toolkit" onRetry={() => void toolkit.refetch()} />
      ) : (
        <>
          {inAccount ? null : <PublicAccess />}
          <Stages toolkit={toolkit.data} inAccount={inAccount} />
        </>
      )}
    </div>
  );
}

function Stages({ toolkit, inAccount }: { toolkit: CareerToolkit; inAccount: boolean }) {
  return (
    <ol className="toolkit__stages">
      {toolkit.stages.map((stage, index) => (
        <li key={stage.id} className="toolkit-stage">
          <section aria-labelledby={`stage-${stage.id}`}>
            <p className="toolkit-stage__step" aria-hidden="true">
              {index + 1}
            </p>
            <h2 id={`stage-${stage.id}`} className="toolkit-stage__title">
              <span className="visually-hidden">Stage {index + 1}: </span>
              {stage.title}
            </h2>
            <p className="toolkit-stage__summary">{stage.summary}</p>
            <ul className="toolkit-stage__items">
              {stage.items.map((item) => (
                <li key={item.href} className="toolkit-item">
                  <p className="toolkit-item__type">{TYPE_LABEL[item.type]}</p>
                  <h3 className="toolkit-item__title">{inAccount ? <Link to={item.href}>{item.title}</Link> : item.title}</h3>
                  <p className="toolkit-item__why">{item.why}</p>
                </li>
              ))}
            </ul>
          </section>
        </li>
      ))}
    </ol>
  );
}

/** How a visitor gets to the items: with a plan, chosen after a test; a customer opens the account's copy. */
function PublicAccess() {
  const loggedIn = useOptionalAuthStatus() === "loggedIn";
  return (
    <section className="toolkit__access" aria-labelledby="toolkit-access">
      <h2 id="toolkit-access" className="toolkit__access-title">
        Where to find it
      </h2>
      <p>
        The guides, tools and plans below are in the Pathwise account and come with every plan. You choose a plan after an assessment, once you have seen your
        summary.
      </p>
      <p className="toolkit__actions">
        {loggedIn ? (
          <Link to={paths.accountCareerToolkit} className="button button--primary">
            Open the toolkit in your account
          </Link>
        ) : (
          <>
            <Link to={paths.careerQuiz} className="button button--primary">
              Start the career interest test
            </Link>
            <Link to={paths.loginThenGo(paths.accountCareerToolkit)} className="button button--secondary">
              Log in to open it
            </Link>
          </>
        )}
        <Link to={paths.pricing}>See the plans and prices</Link>
      </p>
    </section>
  );
}
