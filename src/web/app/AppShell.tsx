import { Outlet } from "react-router-dom";
import { ConsentBanner } from "../shared/consent/ConsentBanner.tsx";
import { AttributionTracker } from "../shared/tracking/AttributionTracker.tsx";
import { ScrollManager } from "./ScrollManager.tsx";

/**
 * The root of every page, site and funnel alike: the privacy banner (first in the page's order, so
 * the keyboard reaches it first, though it shows at the bottom; ADR 055), scroll handling and
 * attribution tracking.
 */
export function AppShell() {
  return (
    <>
      <ConsentBanner />
      <Outlet />
      <ScrollManager />
      <AttributionTracker />
    </>
  );
}
