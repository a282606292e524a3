import { queryOptions } from "@tanstack/react-query";
import type { SettingsView } from "../../../../../schemas/api/settings.ts";
import { api } from "../../../shared/api/client.ts";

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
export const askEmailChange = (new_email: string) => api.post("/customer/email-change", { new_email });
export const confirmEmailChange = (token: string) => api.post<{ email: string }>("/customer/email-change/confirm", { token });
export const deleteAccount = (email: string) => api.post("/customer/delete-account", { email });
/** Where the browser downloads the account's data (a same-origin GET with the session cookie). */
export const EXPORT_URL = "/api/customer/export";
