import { ApiError } from "#web/shared/api/client.ts";

/** What to tell the customer when booking, moving or cancelling failed: the server's reason for a refusal (4xx), otherwise that the calendar could not be reached. */
export const problemOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : "We could not reach the booking calendar. Please try again.";
