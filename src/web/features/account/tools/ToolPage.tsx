import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { ApiError } from "#web/shared/api/client.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { LockedBadge, PlanUnlock } from "../ui/PlanLocked.tsx";
import { useFocusTitleWithin } from "../ui/use-focus-title.ts";
import { LockedEntries } from "./LockedEntries.tsx";
import { ToolHeader } from "./ToolHeader.tsx";
import { ToolMissing, ToolProblem } from "./ToolNotice.tsx";
import { ToolWorkspace } from "./ToolWorkspace.tsx";
import { toolListQueryOptions, toolQueryOptions } from "./tools-api.ts";
import "#web/shared/ui/forms.css";
import "../AccountPage.css";
import "../ui/article-text.css";
import "../ui/content-page.css";
import "./tools.css";

/**
 * `/account/tools/{name}`: the tool's widget, the customer's saved entries and how to use it.
 * Locked: what the tool is and what unlocks it; unknown name: says so, with the way to all tools.
 */
export function ToolPage() {
  const name = useParams().toolName ?? "";
  const tool = useQuery(toolQueryOptions(name));
  const list = useQuery({ ...toolListQueryOptions(), enabled: tool.isError });
  const error = tool.error;
  const unlock = error instanceof ApiError ? error.unlock : null;
  const outline = list.data?.find((t) => t.name === name) ?? null;
  const state = tool.data ? "ready" : !error ? "loading" : unlock ? "locked" : error instanceof ApiError && error.status === 404 ? "missing" : "error";
  const title = useFocusTitleWithin(`${name}:${state}`);

  return (
    <div className="account container plan-page tool-page">
      <nav aria-label="Breadcrumb" className="plan-page__crumbs tool-page__crumbs">
        <Link to={paths.accountTools}>
          <span aria-hidden="true">←</span> All tools
        </Link>
      </nav>
      <div ref={title} className="plan-page__main tool-page__main">
        {tool.data ? (
          <ToolWorkspace key={tool.data.name} tool={tool.data} />
        ) : state === "loading" ? (
          <>
            <title>{"Tool · Pathwise"}</title>
            <PageLoading label="Loading the tool…" />
          </>
        ) : state === "missing" ? (
          <ToolMissing />
        ) : unlock && error ? (
          <>
            <ToolHeader tool={outline ?? { title: "This tool", summary: "", minutes: 0, category: "" }} badge={<LockedBadge />} />
            <PlanUnlock message={error.message} unlock={unlock} what="this tool" />
            <LockedEntries toolName={name} />
          </>
        ) : (
          <ToolProblem error={error} retry={() => void tool.refetch()} pageTitle="Tool" />
        )}
      </div>
    </div>
  );
}
