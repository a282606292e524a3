import type { ReportDocument, ReportSection } from "#schemas/report/document.ts";
import type { ReportTemplate, ReportWhen } from "#schemas/report/template.ts";

/** The ids of a template's help sections (`all`), and of those this result opens (`open`). */
export type HelpSections = { all: ReadonlySet<string>; open: ReadonlySet<string> };

/**
 * Which sections of a template are where to find help (ADR 030), and which of them a result
 * opens: `help: true` always, `help: { when_any }` when one of its conditions holds (`holds`).
 */
export function helpSections(template: Pick<ReportTemplate, "sections">, holds: (when: ReportWhen) => boolean): HelpSections {
  const marked = template.sections.filter((s) => s.help);
  return {
    all: new Set(marked.map((s) => s.id)),
    open: new Set(marked.filter((s) => s.help === true || s.help?.when_any.some(holds)).map((s) => s.id)),
  };
}

const isHelpCallout = (block: ReportSection["blocks"][number]) => block.kind === "callout" && block.tone === "help";

/**
 * Help is never for sale (ADR 030): the teaser with each help section the result opens shown whole,
 * as the paid report has it, and every other help section left out: never locked, since a locked
 * section is one the payment buys. Help callouts live in help sections only (the template check),
 * so none is repeated elsewhere in the teaser.
 */
export function withHelpOpen(teaser: ReportDocument, report: ReportDocument, help: HelpSections): ReportDocument {
  const sections = teaser.sections.flatMap((section): ReportSection[] => {
    if (!help.all.has(section.id)) return [{ ...section, blocks: section.blocks.filter((b) => !isHelpCallout(b)) }];
    const whole = help.open.has(section.id) ? report.sections.find((s) => s.id === section.id) : undefined;
    return whole && whole.blocks.length > 0 ? [{ id: section.id, title: section.title, blocks: whole.blocks }] : [];
  });
  return { ...teaser, sections };
}
