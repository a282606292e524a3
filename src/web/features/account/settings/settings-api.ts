import { queryOptions } from "@tanstack/react-query";
import type { SettingsView } from "#schemas/api/settings.ts";
import { api } from "#web/shared/api/client.ts";

export type { SettingsView };

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ["customer", "settings"],
    queryFn: ({ signal }) => api.get<SettingsView>("/customer/settings", { signal }),
  });

export const setMarketingConsent = async (consent: boolean) =>
  (await api.post<{ data: SettingsView }>("/customer/settings/marketing-consent", { consent })).data;
export const changePassword = (current_password: string, new_password: string) => api.post("/auth/change-password", { current_password, new_password });
export const sendSetPasswordLink = (email: string) => api.post("/auth/reset-password", { email });
/** With a password: the link goes to the new address. Without one: the current address approves first. */
export const askEmailChange = (new_email: string, current_password?: string) =>
  api.post<{ link_sent_to: "new_address" | "current_address" }>("/customer/email-change", {
    new_email,
    ...(current_password !== undefined && { current_password }),
  });
export const approveEmailChange = (token: string) => api.post<{ new_email: string }>("/customer/email-change/approve", { token });
export const confirmEmailChange = (token: string) => api.post<{ email: string }>("/customer/email-change/confirm", { token });
/** The fresh proof a deletion needs: the password, or the token of the e-mailed deletion link. */
export const deleteAccount = (proof: { current_password: string } | { token: string }) => api.post("/customer/delete-account", proof);
export const sendDeletionLink = () => api.post("/customer/delete-account/link", {});
/** Where the browser downloads the account's data (a same-origin GET with the session cookie). */
export const EXPORT_URL = "/api/customer/export";
