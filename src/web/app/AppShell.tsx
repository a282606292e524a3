import { Outlet } from "react-router-dom";
import { AttributionTracker } from "../shared/tracking/AttributionTracker.tsx";
import { ScrollManager } from "./ScrollManager.tsx";

/** The root of every page, site and funnel alike: scroll handling and attribution tracking. */
export function AppShell() {
  return (
    <>
      <Outlet />
      <ScrollManager />
      <AttributionTracker />
    </>
  );
}
