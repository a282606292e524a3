import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { flowSummaries } from "virtual:flows";
import { plansOnOffer, visitorOffer } from "#engine/flow/offer.ts";
import type { CompiledFlow } from "#engine/flow/types.ts";
import { fetchServedFlow } from "#web/shared/api/flows.ts";
import { useT, type Translate } from "#web/shared/catalog/index.ts";
import { plansQueryOptions } from "#web/shared/money/plans-query.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { ConsoleBar } from "../ConsoleBar.tsx";
import { PreviewBanner } from "./PreviewBanner.tsx";
import { PreviewProblem } from "./PreviewProblem.tsx";
import { reportPreviewQueryOptions } from "./preview-api.ts";
import { chosenVariants } from "./preview-variants.ts";
import { StepPreviewControls } from "./StepPreviewControls.tsx";
import type { PreviewReport, StepView } from "./step-view.ts";
import { textOf } from "./text-of.ts";
import "../admin.css";
import "#web/shared/ui/forms.css";
import "./preview.css";

const backToFunnels = { to: paths.adminFunnels, label: "Back to the funnels" };

/**
 * `/admin/preview/:flowCode/:stepId?variant=<experiment>:<variant>`: one step of a flow as a
 * visitor in those variants sees it, drawn by the funnel's own step renderer, with pickers for the
 * step and the variants. Nothing is sent: no quiz session, answer or event; buttons and links in
 * the step go nowhere. It has the page to itself (the step brings the funnel's frame and main).
 * The flow is the live version, fetched as the funnel fetches it (ADR 066), so a published change
 * shows without a rebuild.
 */
export function StepPreviewPage({ StepView }: { StepView: StepView }) {
  const { flowCode = "", stepId = "" } = useParams();
  const known = flowSummaries.some((s) => s.code === flowCode);
  const flow = useQuery({
    queryKey: ["admin", "preview-flow", flowCode],
    queryFn: () => fetchServedFlow(flowCode, null),
    enabled: known,
    retry: false,
  });

  if (!known)
    return (
      <ConsoleFrame>
        <PreviewProblem
          title="There is no such flow"
          text={`No flow has the code “${flowCode}”. The funnels page lists every flow with links to preview its steps.`}
          links={[backToFunnels]}
        />
      </ConsoleFrame>
    );
  if (flow.error)
    return (
      <ConsoleFrame>
        <PreviewProblem
          title="This flow could not be loaded"
          text="Check your connection and open the preview again."
          links={[{ to: paths.adminStepPreview(flowCode, stepId), label: "Try again" }, backToFunnels]}
        />
      </ConsoleFrame>
    );
  if (!flow.data)
    return (
      <ConsoleFrame>
        <PageLoading label="Loading the flow…" />
      </ConsoleFrame>
    );
  return <StepPreview flow={flow.data} stepId={stepId} StepView={StepView} />;
}

function StepPreview({ flow, stepId, StepView }: { flow: CompiledFlow; stepId: string; StepView: StepView }) {
  const t = useT();
  const [search] = useSearchParams();
  // The parameters as text, so the variants keep their identity while the address does.
  const params = JSON.stringify(search.getAll("variant"));
  const choice = useMemo(() => chosenVariants(flow.experiments, JSON.parse(params) as string[]), [flow.experiments, params]);
  const step = flow.steps.find((s) => s.id === stepId);
  const first = flow.steps[0]!;
  const flowTitle = textOf(flow.title, t);

  if (!step)
    return (
      <ConsoleFrame>
        <PreviewProblem
          title="This flow has no such step"
          text={`${flowTitle} (${flow.code}) has no step “${stepId}”. It may have been renamed or removed.`}
          links={[{ to: paths.adminStepPreview(flow.code, first.id), label: `Open its first step, “${textOf(first.title, t) || first.id}”` }, backToFunnels]}
        />
      </ConsoleFrame>
    );
  if (!choice.ok)
    return (
      <ConsoleFrame>
        <PreviewProblem
          title="There is no such variant"
          text={choice.problem}
          links={[{ to: paths.adminStepPreview(flow.code, step.id), label: "Show this step in each experiment’s first variant" }, backToFunnels]}
        />
      </ConsoleFrame>
    );
  return <StepStage flow={flow} stepId={step.id} variants={choice.variants} flowTitle={flowTitle} t={t} StepView={StepView} />;
}

/** Which report a step shows: the teaser before payment, the full report on the result page. */
const reportLayoutOf = (kind: string): "full" | "teaser" | null =>
  kind === "result" ? "full" : kind === "summary" || kind === "pre_checkout" ? "teaser" : null;

type StageProps = { flow: CompiledFlow; stepId: string; variants: Record<string, string>; flowTitle: string; t: Translate; StepView: StepView };

function StepStage({ flow, stepId, variants, flowTitle, t, StepView }: StageProps) {
  const step = flow.steps.find((s) => s.id === stepId)!;
  const stage = `${stepId}:${JSON.stringify(variants)}`;
  // What the preview last said about a button or link, for the step on screen only.
  const [note, setNote] = useState({ stage, text: "" });
  const said = note.stage === stage ? note.text : "";
  const setSaid = (text: string) => setNote({ stage, text });
  const layout = reportLayoutOf(step.kind);
  const report = useQuery(reportPreviewQueryOptions(flow.report, { layout: layout ?? "full" }, layout !== null));
  const onSale = useQuery({ ...plansQueryOptions(), enabled: step.kind === "pre_checkout" || step.kind === "payment" });
  // The plans of these variants' offer (ADR 065), in its order, with its preselection, as the server serves a session of them.
  const plans = useMemo(() => {
    const offer = visitorOffer(flow, variants);
    return onSale.data && plansOnOffer(onSale.data, offer).map((p) => ({ ...p, preselected: p.id === offer?.preselected }));
  }, [flow, variants, onSale.data]);
  const shownReport: PreviewReport | undefined =
    layout === null || report.isError
      ? undefined
      : report.data
        ? {
            state: "ready",
            sessionId: "preview",
            view: { access: layout === "full" ? "full" : "teaser", status: layout === "full" ? "ready" : null, document: report.data.document },
          }
        : { state: "loading" };

  // Nothing in the step may leave the preview: links are not followed, answers go nowhere.
  const stayInPreview = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest("a[href]")) return;
    event.preventDefault();
    setSaid("Links inside a preview are not followed.");
  };

  return (
    <ConsoleFrame
      controls={
        <>
          <PreviewBanner>
            {flowTitle} as a visitor sees it. No quiz session, answer or event is sent: buttons and links in the step below go nowhere. Earlier answers are
            samples{layout ? "; the report shown is built from the template’s example profile" : ""}.
          </PreviewBanner>
          <StepPreviewControls flow={flow} stepId={stepId} variants={variants} t={t} />
          <p className="step-preview__said" role="status">
            {said}
          </p>
        </>
      }
    >
      <LastTitle key={stage}>{`Preview: ${textOf(step.title, t) || step.id} · ${flowTitle} · Pathwise`}</LastTitle>
      <div className="step-preview__stage" onClickCapture={stayInPreview}>
        <StepView
          key={stage}
          flow={flow}
          stepId={stepId}
          variants={variants}
          plans={plans}
          report={shownReport}
          onAnswer={() => setSaid("Answered — in a preview the answer goes nowhere. Pick the next step above.")}
          onBack={() => setSaid("In a preview, Back goes nowhere. Pick the previous step above.")}
        />
      </div>
    </ConsoleFrame>
  );
}

/**
 * The page's title, put in after the step's own (the funnel's frame names the page as the funnel
 * does). React places each newly mounted title first in the head, and the browser shows the first:
 * mounted a frame after the step, and again whenever the step is drawn anew (its `key`), this one wins.
 */
function LastTitle({ children }: { children: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return mounted ? <title>{children}</title> : null;
}

/**
 * The preview's page: the console's bar, the preview's controls, and the step, which brings its
 * own main landmark (the funnel frame); a problem or the loading state gets one here.
 */
function ConsoleFrame({ controls, children }: { controls?: ReactNode; children: ReactNode }) {
  return (
    <div className="step-preview">
      <ConsoleBar />
      {controls ? (
        <>
          <aside className="step-preview__controls container" aria-label="Preview controls">
            {controls}
          </aside>
          {children}
        </>
      ) : (
        <main id="main" className="container step-preview__main">
          {children}
        </main>
      )}
    </div>
  );
}
