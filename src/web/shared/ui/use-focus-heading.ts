import { useEffect, useRef } from "react";

/**
 * Moves focus to a page's heading when the page (or `key`) changes, after the layout has done its
 * own focus handling, so keyboard and screen-reader users start at the title.
 */
export function useFocusHeading<T extends HTMLElement = HTMLHeadingElement>(key: unknown = null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [key]);
  return ref;
}
