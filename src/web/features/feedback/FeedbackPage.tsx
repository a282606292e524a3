import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { FeedbackBody } from "#schemas/api/feedback.ts";
import { FEEDBACK_COMMENT_MAX, type FeedbackForm } from "#schemas/pages/feedback-forms.ts";
import { api, ApiError } from "#web/shared/api/client.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { feedbackCopy, RATINGS } from "./feedback-copy.ts";
import "#web/shared/ui/forms.css";
import "./feedback.css";

const REPORT = /^[a-z][a-z0-9_]{0,62}$/;

function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return "Thank you, we already have your feedback. Please wait a little before sending more.";
  if (error instanceof ApiError && error.status === 400)
    return "We could not take that feedback. Please choose a rating and keep the comment under 2,000 characters.";
  return "We could not send your feedback. Please check your connection and try again.";
}

/**
 * A feedback page (/feedback, /feedback-<topic>): a rating from 1 to 5 in words, an optional
 * comment, sent once; `?report=` names the report it was opened from.
 *
 * @public read by its lazy route in src/web/app/routes/routes.tsx as `m.FeedbackPage`.
 */
export function FeedbackPage({ form }: { form: FeedbackForm }) {
  const copy = feedbackCopy[form];
  const [search] = useSearchParams();
  const asked = search.get("report");
  const reportCode = asked && REPORT.test(asked) ? asked : null;
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const thanks = useRef<HTMLHeadingElement>(null);
  const ids = { comment: useId(), count: useId(), problem: useId() };

  const send = useMutation({
    mutationFn: (body: FeedbackBody) => api.post<{ ok: true }>("/feedback", body),
  });
  useEffect(() => {
    if (send.isSuccess) thanks.current?.focus();
  }, [send.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return setMissing(true);
    send.mutate({ form, rating, ...(comment.trim() ? { comment: comment.trim() } : {}), ...(reportCode ? { report: reportCode } : {}) });
  };

  return (
    <div className="feedback-page container">
      <title>{`${copy.title} · Pathwise`}</title>
      <meta name="robots" content="noindex" />
      {send.isSuccess ? (
        <section className="feedback-card" aria-labelledby="feedback-thanks">
          <h1 id="feedback-thanks" ref={thanks} tabIndex={-1} className="feedback-card__title">
            Thank you
          </h1>
          <p role="status">Your feedback has reached us. We read every message, and it helps us decide what to improve next.</p>
          <p>
            <Link to={paths.home}>Back to the home page</Link>
          </p>
        </section>
      ) : (
        <section className="feedback-card" aria-labelledby="feedback-title">
          <h1 id="feedback-title" className="feedback-card__title">
            {copy.title}
          </h1>
          <p className="feedback-card__intro">{copy.intro}</p>
          <form onSubmit={submit} noValidate>
            <fieldset className="feedback-rating" aria-describedby={missing ? ids.problem : undefined}>
              <legend className="feedback-rating__legend">{form === "general" && reportCode ? "How useful was your report?" : copy.question}</legend>
              <div className="feedback-rating__options">
                {RATINGS.map((r) => (
                  <label key={r.value} className="feedback-rating__option" data-checked={rating === r.value || undefined}>
                    <input
                      type="radio"
                      name="rating"
                      value={r.value}
                      checked={rating === r.value}
                      onChange={() => {
                        setRating(r.value);
                        setMissing(false);
                      }}
                    />
                    <span className="feedback-rating__number">{r.value}</span>
                    <span className="feedback-rating__label">{r.label}</span>
                  </label>
                ))}
              </div>
              {missing && (
                <p id={ids.problem} className="message message--error feedback-rating__problem" role="alert">
                  Please choose a rating from 1 to 5.
                </p>
              )}
            </fieldset>
            <div className="field">
              <label className="field__label" htmlFor={ids.comment}>
                Anything you would like to add? (optional)
              </label>
              <textarea
                id={ids.comment}
                className="field__input feedback-card__comment"
                rows={5}
                maxLength={FEEDBACK_COMMENT_MAX}
                value={comment}
                aria-describedby={ids.count}
                onChange={(e) => setComment(e.target.value)}
              />
              <p id={ids.count} className="field__hint">
                {comment.length.toLocaleString("en-GB")} of {FEEDBACK_COMMENT_MAX.toLocaleString("en-GB")} characters. Please do not include personal details
                you would not want us to keep.
              </p>
            </div>
            {send.isError && (
              <p className="message message--error" role="alert">
                {problemOf(send.error)}
              </p>
            )}
            <button type="submit" className="button button--primary" disabled={send.isPending} aria-busy={send.isPending || undefined}>
              {send.isPending ? "Sending…" : "Send feedback"}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
