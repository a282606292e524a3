import { useQuery } from "@tanstack/react-query";
import { paths } from "#web/shared/routing/paths.ts";
import { useT } from "#web/shared/catalog/index.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { LoadProblem } from "../ui/LoadProblem.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { ToolCard } from "./ToolCard.tsx";
import { toolListQueryOptions } from "./tools-api.ts";
import "../ui/card-grid.css";
import "./tools.css";

/** `/account/tools`: every interactive tool as a card linking to its page. */
export function ToolsPage() {
  const t = useT();
  const tools = useQuery(toolListQueryOptions());

  return (
    <AccountSubPage
      eyebrow="Your account"
      title="Tools"
      back={{ to: paths.account, label: "Account" }}
      intro="Short, hands-on exercises that turn what you learned about yourself into decisions: sort your values, audit a week, map your energy, prepare a negotiation. Whatever you fill in is saved to your account, so you can come back to it and compare over time."
    >
      <div className="plans tools">
        {tools.data ? (
          tools.data.length > 0 ? (
            <ul className="card-grid" aria-label="Tools">
              {tools.data.map((tool) => (
                <ToolCard key={tool.id} tool={tool} />
              ))}
            </ul>
          ) : (
            <p className="account__panel">There are no tools here yet. New ones are on their way.</p>
          )
        ) : tools.error ? (
          <LoadProblem error={tools.error} what="the tools" onRetry={() => void tools.refetch()} />
        ) : (
          <PageLoading label="Loading the tools…" />
        )}
      </div>
      <p className="account__help">{t("account.help")}</p>
    </AccountSubPage>
  );
}
