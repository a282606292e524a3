import { api, ApiError } from "#web/shared/api/client.ts";
import type { Translate } from "#web/shared/catalog/CatalogProvider.tsx";

/** E-mails a single-use login link; answers the same whether or not the address has an account. */
export const requestLoginLink = (email: string) => api.post<{ ok: true }>("/auth/login-link", { email });

/** E-mails a password-reset link; answers the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) => api.post<{ ok: true }>("/auth/reset-password", { email });

/** Uses a reset token: the answer is a newly generated password, shown once. */
export const confirmPasswordReset = (token: string) => api.post<{ password: string }>("/auth/reset-password/confirm", { token });

/**
 * The sentence to show for a failed auth call: known cases come from the catalogue, input
 * problems from the server's own message, anything else from `fallbackCode`.
 */
export function authErrorMessage(error: unknown, t: Translate, fallbackCode: string): string {
  if (!(error instanceof ApiError)) return t(fallbackCode);
  if (error.status === 429) return t("login.error_rate_limited");
  if (error.status === 0) return error.message;
  if (error.code === "invalid_credentials") return t("login.error_invalid");
  if (error.status === 400 && error.issues.length > 0) return error.issues.map((issue) => issue.message).join(" ");
  if (error.status === 400 || error.status === 401) return error.message;
  return t(fallbackCode);
}
