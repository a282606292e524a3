/**
 * How a page lays out a report document. One document (schemas/report/document.ts), many
 * layouts: a flow's result step picks one, and an experiment variant may pick another for its
 * visitors (the spec's /get-result-b … -bingo-v2 pages). Each id has one renderer in
 * src/web/shared/report/layouts/registry.ts, so a new id without a renderer is a type error.
 * No zod here: the browser imports these ids (schemas/report/layouts.ts builds the schemas).
 */

/** Layouts of the paid report on the result page. */
export const resultLayouts = [
  /** A document: cover, contents beside it, numbered sections one after another (the default). */
  "document",
  /** The sections as panels that open and close, the first one open. */
  "accordion",
  /** One section at a time behind tabs. */
  "tabs",
  /** A guided read: one section per screen with Previous and Next and how far along you are. */
  "guided",
  /** Two columns: the scores and the profile kept in view on one side, the sections on the other. */
  "split",
  /** Key findings first, picked from the report, then the whole report. */
  "highlights",
  /** A card grid of findings, one card per finding, grouped by section. */
  "bingo",
  /** The card grid with every card face down: the reader turns them over one by one (or all at once). */
  "bingo-v2",
  /** Plain reading: one column of text, no navigation or cards (the spec's `?style=2` alternate view). */
  "reading",
] as const;

/** Layouts of the teaser before payment (a summary step). */
export const teaserLayouts = [
  /** The top area and one insight on the report's cover, every other section locked by its title. */
  "teaser",
  /** The result page shown early: the report as it will look, each locked section saying what it holds. */
  "early",
] as const;

export type ResultLayout = (typeof resultLayouts)[number];
export type TeaserLayout = (typeof teaserLayouts)[number];
export type ReportLayout = ResultLayout | TeaserLayout;

/** The result page's alternate view (`?style=2`). */
export const ALTERNATE_RESULT_LAYOUT: ResultLayout = "reading";
