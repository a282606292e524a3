import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { api, ApiError } from "../shared/api/client.ts";
import { paths } from "../shared/routing/paths.ts";
import "./funnel.css";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * What a "continue" link opens once its quiz is finished (paid for, or its report granted): nothing
 * of the session — no answers, name, order or report (ADR 011) — but the way to the report: log in,
 * by a single-use link e-mailed to the account's address or with a password.
 */
export function FinishedQuiz() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) return setError("Enter the email address you took the quiz with, e.g. name@example.com.");
    setError(null);
    setState("sending");
    try {
      await api.post("/auth/login-link", { email: address });
      setState("sent");
    } catch (e) {
      setState("idle");
      setError(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : "We could not send the link just now. Please try again in a moment.");
    }
  }

  return (
    <main className="container funnel-failed" id="main">
      <title>This quiz is finished · Pathwise</title>
      <h1>This quiz is finished</h1>
      <p>To keep your answers and your report private, this link no longer opens them. Log in to see your report in your account.</p>
      {state === "sent" ? (
        <p role="status">If there is an account for {email.trim()}, a login link is on its way. It works once and expires soon.</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="step__form" noValidate>
          <div className="field">
            <label htmlFor={id} className="field__label">
              Email me a login link
            </label>
            <input
              id={id}
              className="field__input"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
            />
            <p id={`${id}-error`} className="step__error" role="alert">
              {error ?? ""}
            </p>
          </div>
          <div className="step__actions">
            <button type="submit" className="button button--primary" disabled={state === "sending"}>
              {state === "sending" ? "One moment…" : "Send the login link"}
            </button>
          </div>
        </form>
      )}
      <Link to={paths.loginThenGo(paths.accountReports)}>Log in with your password</Link>
    </main>
  );
}
