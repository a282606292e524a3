import { useSearchParams } from "react-router-dom";
import { FocusedLayout } from "../features/checkout/FocusedLayout.tsx";
import { SiteLayout } from "./SiteLayout.tsx";

/** Payment result pages: the site's layout, or with `?style=2` the focused one (no navigation). */
export function CheckoutLayout() {
  const [search] = useSearchParams();
  return search.get("style") === "2" ? <FocusedLayout /> : <SiteLayout />;
}
