import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { flowSummaries } from "virtual:flows";
import { ApiError } from "../shared/api/client.ts";
import { PageLoading } from "../shared/ui/PageLoading.tsx";
import { FinishedQuiz } from "./FinishedQuiz.tsx";
import { writeProgress } from "./session/persistence.ts";
import { resumeSession } from "./session/quiz-session.ts";

/**
 * `/continue?token=…` from the "continue where you left off" e-mail: fetches the session's
 * answers, hands them to the flow on this device, and opens the flow, which resumes at the first
 * unanswered step. The session moves to this device (others lose it); once the quiz is finished
 * the link opens nothing of it, only the way to log in (ADR 011).
 */
export function ResumePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const token = params.get("token") ?? "";

  useEffect(() => {
    if (!token) return;
    let live = true;
    resumeSession(token).then(
      (session) => {
        const flow = flowSummaries.find((f) => f.code === session.flow_code);
        if (!live) return;
        if (!flow) return setProblem("This test is no longer available. You can start another one from the home page.");
        // A hash that matches no version: the runner keeps the answers whose steps still exist.
        writeProgress(flow.code, {
          hash: `resumed:${session.flow_hash}`,
          snapshot: { context: { answers: session.answers, variants: session.variants, ...(session.order ? { order: session.order } : {}) } } as never,
          sessionId: session.session_id,
        });
        void navigate(flow.start, { replace: true });
      },
      (error: unknown) => {
        if (live && error instanceof ApiError && error.code === "quiz_finished") return setFinished(true);
        if (live)
          setProblem(
            error instanceof ApiError && error.status === 400 ? error.message : "We could not restore your answers right now. Please try again in a moment.",
          );
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  if (finished) return <FinishedQuiz />;
  const shown = token ? problem : "This link is incomplete. Open it again from the e-mail, or start the test again.";
  if (!shown) return <PageLoading label="Restoring your answers…" fullScreen />;
  return (
    <main className="container funnel-failed" id="main">
      <h1>We couldn’t continue your test</h1>
      <p role="alert">{shown}</p>
      <Link to="/" className="button button--primary">
        Go to the home page
      </Link>
    </main>
  );
}
