import { useQuery } from "@tanstack/react-query";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { PlanCard } from "./PlanCard.tsx";
import { isPlanDone } from "./plan-progress.ts";
import { myPlansQueryOptions, planCatalogueQueryOptions, type EduPlan } from "./plans-api.ts";
import "../ui/card-grid.css";

/**
 * `/account/plans`: every plan. The customer's own first, with their progress (unfinished before
 * finished, in the order they took them), then the ones they have not taken.
 */
export function PlansPage() {
  const t = useT();
  const mine = useQuery(myPlansQueryOptions());
  const catalogue = useQuery(planCatalogueQueryOptions());
  const error = catalogue.error ?? mine.error;

  return (
    <AccountSubPage
      eyebrow="Your account"
      title="Education plans"
      back={{ to: paths.account, label: "Account" }}
      intro="Each plan is a few days of short, practical tasks that turn what you learned about yourself into action. Go at your own pace: your progress is saved to your account, so you can pick up where you left off on any device."
    >
      <div className="plans">
        {catalogue.data && mine.data ? (
          <Plans mine={mine.data} catalogue={catalogue.data} />
        ) : error ? (
          <LoadProblem
            error={error}
            what="the plans"
            onRetry={() => {
              void catalogue.refetch();
              void mine.refetch();
            }}
          />
        ) : (
          <PageLoading label="Loading the plans…" />
        )}
      </div>
      <p className="account__help">{t("account.help")}</p>
    </AccountSubPage>
  );
}

function Plans({ mine, catalogue }: { mine: EduPlan[]; catalogue: EduPlan[] }) {
  const taken = [...mine].sort((a, b) => Number(isPlanDone(a)) - Number(isPlanDone(b)));
  const others = catalogue.filter((p) => !mine.some((m) => m.id === p.id));
  return (
    <>
      {taken.length > 0 && (
        <section className="plans__section" aria-labelledby="plans-mine-title">
          <h2 id="plans-mine-title" className="account__panel-title">
            Your plans
          </h2>
          <ul className="card-grid" aria-label="Your plans">
            {taken.map((p) => (
              <PlanCard key={p.id} plan={p} />
            ))}
          </ul>
        </section>
      )}
      {others.length > 0 && (
        <section className="plans__section" aria-labelledby="plans-more-title">
          <h2 id="plans-more-title" className="account__panel-title">
            {taken.length > 0 ? "More plans" : "Choose a plan to start"}
          </h2>
          <ul className="card-grid" aria-label={taken.length > 0 ? "More plans" : "Plans"}>
            {others.map((p) => (
              <PlanCard key={p.id} plan={p} />
            ))}
          </ul>
        </section>
      )}
      {taken.length === 0 && others.length === 0 && <p className="account__panel">There are no plans to take yet. New ones are on their way.</p>}
    </>
  );
}
