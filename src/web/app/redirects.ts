import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import { paths } from "../shared/routing/paths.ts";

/** /cabinet → /account, keeping the query and hash. */
export function cabinetLoader({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  return redirect(`${paths.account}${url.search}${url.hash}`);
}

const ONBOARDING_STEPS = [1] as const;

/** /account/onboarding needs a known step `id`; without one it starts at id=1 (spec §2). */
export function onboardingLoader({ request }: LoaderFunctionArgs): Response | null {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  if ((ONBOARDING_STEPS as readonly number[]).includes(id)) return null;
  url.searchParams.set("id", "1");
  return redirect(`${url.pathname}${url.search}${url.hash}`);
}
