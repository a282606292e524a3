import { useEffect, useRef } from "react";

/**
 * Like useFocusHeading, for a page whose h1 is rendered by a component it does not own (the
 * report's title): moves focus to the first h1 inside the returned element when `key` changes.
 */
export function useFocusTitleWithin(key: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const title = ref.current?.querySelector("h1");
      if (!title) return;
      if (!title.hasAttribute("tabindex")) title.tabIndex = -1;
      title.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [key]);
  return ref;
}
