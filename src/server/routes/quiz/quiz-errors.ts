import type { ErrorBody } from "#schemas/api/envelope.ts";
import { HttpError } from "#server/errors.ts";

/** A 400 body naming the field, shaped like the schema-validation errors. */
export const invalidField = (path: string, message: string): ErrorBody => ({
  error: { code: "invalid_request", message: `${path}: ${message}`, issues: [{ path, message }] },
});

export const sessionNotFound = () => new HttpError(404, "not_found", "Quiz session not found");
export const flowNotFound = (code: string) => new HttpError(404, "not_found", `Quiz ${code} not found`);

/** The browser runs another version of the flow than the server: it should reload and resume. */
export const flowChanged = () => new HttpError(409, "flow_changed", "This quiz has been updated. Reload the page to continue; your answers are kept.");

export const flowRetired = () => new HttpError(409, "flow_unavailable", "This quiz is no longer available");

export const quizFinished = () => new HttpError(409, "quiz_completed", "This quiz is already finished, so its answers can no longer change");
