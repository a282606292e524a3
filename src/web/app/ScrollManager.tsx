import { useEffect, useLayoutEffect, useRef } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router-dom";

const STORAGE_KEY = "pathwise:scroll";

function loadPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return new Map(Object.entries(saved as Record<string, number>).filter(([, y]) => typeof y === "number"));
  } catch {
    return new Map();
  }
}

function savePositions(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-50))));
  } catch {
    // Storage refused: positions are only kept for this page load.
  }
}

function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Scroll on navigation (spec §2): to the hash target if there is one, else back to the position
 * saved for this history entry (back/forward, reload), else to the top. Positions are kept per
 * history entry in session storage. Rendered once in the app shell, so funnels get it too. The page
 * as loaded is left where the visitor scrolled it before the app started.
 */
export function ScrollManager(): null {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  // The page's own entry until the first navigation: the server drew it, and the visitor may have
  // scrolled it before the app started (ADR 039).
  const loadedKey = useRef<string | null>(location.key);

  useEffect(() => {
    const manual = "scrollRestoration" in window.history;
    const previous = manual ? window.history.scrollRestoration : undefined;
    if (manual) window.history.scrollRestoration = "manual";
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current?.set(currentKey.current, window.scrollY));
    };
    const onPageHide = () => {
      positions.current?.set(currentKey.current, window.scrollY);
      if (positions.current) savePositions(positions.current);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
      if (manual && previous) window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= loadPositions();
    currentKey.current = location.key;
    if (loadedKey.current !== location.key) loadedKey.current = null;
    // A visitor who scrolled the server's page before the app took it over stays where they are: the
    // page would otherwise jump under their finger (a press meant for the footer lands elsewhere).
    else if (window.scrollY !== 0) return;
    const target = hashTarget(location.hash);
    if (target) {
      target.scrollIntoView();
      return;
    }
    const saved = positions.current.get(location.key);
    if (navigationType === NavigationType.Pop && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
