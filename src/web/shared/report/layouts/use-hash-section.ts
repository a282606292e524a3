import { useEffect, useRef } from "react";
import { sectionAnchor } from "../section-anchor.ts";

/**
 * Calls `onSection` with a section's id when the address points at it (`#report-professions`), on
 * arrival and whenever the hash changes, so a layout that hides sections can show the one a link
 * asks for.
 */
export function useHashSection(sectionIds: readonly string[], onSection: (sectionId: string) => void) {
  const callback = useRef(onSection);
  useEffect(() => {
    callback.current = onSection;
  });
  const key = sectionIds.join("\n");
  useEffect(() => {
    const ids = key.split("\n");
    const check = () => {
      const id = ids.find((sectionId) => `#${sectionAnchor(sectionId)}` === window.location.hash);
      if (id !== undefined) callback.current(id);
    };
    check();
    window.addEventListener("hashchange", check);
    return () => window.removeEventListener("hashchange", check);
  }, [key]);
}
