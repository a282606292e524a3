import { useEffect, useState } from "react";

/** How far down the window the reading line sits: the section crossing it is the one being read. */
const READING_LINE = 0.3;

/**
 * The id of the section being read: the one of `ids` that crosses a line 30% down the window, or
 * the last one once the page is scrolled to its end (a short last section never reaches the line).
 * Null above the first section, and always where IntersectionObserver is missing.
 */
export function useActiveSection(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join("\n");

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const order = key.split("\n");
    const crossing = new Set<string>();
    const atEnd = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    const update = () => {
      const current = atEnd() ? order.at(-1) : order.find((id) => crossing.has(id));
      if (current) return setActive(current);
      // Above the first section nothing is being read yet (between two sections the last one stays).
      const first = document.getElementById(order[0] ?? "");
      if (first && first.getBoundingClientRect().top > window.innerHeight * READING_LINE) setActive(null);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) crossing.add(entry.target.id);
          else crossing.delete(entry.target.id);
        }
        update();
      },
      { rootMargin: `-${READING_LINE * 100}% 0px -${(1 - READING_LINE) * 100 - 1}% 0px` },
    );
    for (const id of order) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", update);
    };
  }, [key]);

  return active;
}
