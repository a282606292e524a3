import { createContext, createElement, useContext, type ComponentPropsWithRef, type ReactNode } from "react";

/** The level of a report's section titles: one below the report's title (2 under an h1, 3 under an h2). */
type SectionLevel = 2 | 3 | 4;
type Level = 2 | 3 | 4 | 5 | 6;

const SectionLevelContext = createContext<SectionLevel>(2);

/** Sets the level of section titles below it; headings inside blocks follow one level lower. */
export function SectionHeadingLevel({ level, children }: { level: SectionLevel; children: ReactNode }) {
  return <SectionLevelContext value={level}>{children}</SectionLevelContext>;
}

/** One level deeper than the section titles around it (inside a card whose label is a heading, for example). */
export function NestedHeadingLevel({ children }: { children: ReactNode }) {
  const level = useContext(SectionLevelContext);
  return <SectionHeadingLevel level={level === 2 ? 3 : 4}>{children}</SectionHeadingLevel>;
}

/** The level of section titles under a report title of `titleLevel`. */
export const sectionLevelOf = (titleLevel: 1 | 2): SectionLevel => (titleLevel === 1 ? 2 : 3);

/** The level `depth` below the section titles under a report title of `titleLevel` (for a layout drawing its own headings). */
export const levelOf = (titleLevel: 1 | 2, depth: 0 | 1 | 2 = 0): Level => (sectionLevelOf(titleLevel) + depth) as Level;

type HeadingProps = ComponentPropsWithRef<"h2"> & {
  /** Levels below the section titles around it: 0 for a section's title, 1 for a heading inside a section. */
  depth?: 0 | 1 | 2;
  /** A level of its own, for a layout that knows it (see `levelOf`); wins over `depth`. */
  level?: Level;
};

/** A heading at its place in the report's outline, so a report under a page's h1 never skips or repeats a level. */
export function Heading({ depth = 0, level, ...props }: HeadingProps) {
  const around = useContext(SectionLevelContext);
  return createElement(`h${Math.min(level ?? around + depth, 6)}`, props);
}
