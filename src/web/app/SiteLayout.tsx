import { useEffect, useRef, type MouseEvent } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";
import { MAIN_ID } from "../shared/ui/landmarks.ts";
import "./SiteLayout.css";

/**
 * After a client-side navigation, move keyboard and screen-reader focus to the new content
 * (the in-page target for `/#section` links, otherwise <main>), as a full page load would.
 * Scrolling is left to <ScrollManager> in the app shell.
 */
function useFocusOnNavigation(): void {
  const location = useLocation();
  const lastKey = useRef(location.key);

  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const targetId = location.hash ? decodeURIComponent(location.hash.slice(1)) : MAIN_ID;
    const target = document.getElementById(targetId) ?? document.getElementById(MAIN_ID);
    target?.focus({ preventScroll: true });
  }, [location.key, location.hash]);
}

function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function SiteLayout() {
  useFocusOnNavigation();

  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="site__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
