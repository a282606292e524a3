import type { CompiledFlow } from "#engine/flow/types.ts";
import type { ReportLibrary } from "#engine/report/build-report.ts";
import type { Located } from "#engine/yaml/parse-located.ts";
import type { AppOptions } from "../app.ts";
import { readCareerToolkit } from "../content/career-toolkit.ts";
import { readCoaching } from "../content/coaching.ts";
import type { ContentSet } from "../content/read-content.ts";
import { readRenewalReminders } from "../content/renewal-reminders.ts";
import { readReportTemplates } from "../reports/read-report-templates.ts";

/** What a content type's reader may use: the content folder as read (and its report library) and the checked flows. */
export type ContentContext = { content: ContentSet; library: ReportLibrary; flows: readonly CompiledFlow[] };

/** One content file or folder the app is built with. */
export type ContentType<T> = {
  /** Its file or folder under CONTENT_DIR. */
  path: string;
  /** The line the server prints above its problems when it cannot start. */
  title: string;
  /** Reads and checks it: the value buildApp gets, or every problem located. */
  read: (path: string, context: ContentContext) => Promise<Located<T>>;
};

/**
 * Every content type buildApp takes, by the option it fills (src/server/app.ts AppOptions). The
 * start-up loader (load-app-inputs.ts) reads each one, so the server and the tests get the same;
 * a new content type is one entry here (plus its reader). The catalogue, plans, articles, tools,
 * products and professions are the content set itself (src/server/content/read-content.ts), synced into the database.
 */
export const contentTypes = {
  reports: {
    path: "reports",
    title: "The server cannot start: fix these report templates.",
    read: async (path, { flows, library }) => {
      const read = await readReportTemplates(path, flows, library);
      return read.ok ? { ok: true, value: { templates: read.templates, library } } : read;
    },
  },
  careerToolkit: {
    path: "career-toolkit/career-toolkit.yaml",
    title: "The server cannot start: fix the career toolkit.",
    read: (path, { library }) => readCareerToolkit(path, library),
  },
  coaching: {
    path: "coaching/coaching.yaml",
    title: "The server cannot start: fix the coaching file.",
    read: (path) => readCoaching(path),
  },
  renewalReminders: {
    path: "billing/renewal-reminders.yaml",
    title: "The server cannot start: fix the renewal reminders file.",
    read: (path) => readRenewalReminders(path),
  },
} satisfies { [K in keyof AppOptions]?: ContentType<NonNullable<AppOptions[K]>> };

export type ContentTypeName = keyof typeof contentTypes;

/** The buildApp options the content types fill. */
export type ContentOptions = { [K in ContentTypeName]: NonNullable<AppOptions[K]> };
