import type { ReportBlock } from "#schemas/report/document.ts";
import type { BlockContext, BlockRenderer } from "./block-context.ts";
import { card, innerWidth, type CardLook } from "./card.ts";
import type { Box } from "./flow.ts";
import { payText } from "./pay-text.ts";
import { drawText, layoutText, run, textBoxes } from "./text.ts";
import { colors, type } from "./theme.ts";

type Profession = Extract<ReportBlock, { kind: "professions" }>["items"][number];

const look: CardLook = { fill: colors.white, stroke: { color: colors.border, width: 0.75 }, padding: { x: 16, y: 13 }, radius: 10 };
const itemStyle = { ...type.body, size: 10, leading: 13.5 };
const BULLET = 11;
const summaryStyle = { ...type.body, size: 10.5, leading: 15 };

/** The match as a pill in the brand colour: "86% match". */
function matchBadge(doc: PDFKit.PDFDocument, match: number) {
  const label = layoutText(doc, [run(`${match}% match`, { ...type.smallStrong, color: colors.onPrimary })], 200);
  const width = (label.lines[0]?.width ?? 0) + 18;
  return {
    width,
    draw: (x: number, y: number) => {
      doc.roundedRect(x, y, width, 20, 10).fill(colors.primary);
      drawText(doc, label, x + 9, y + (20 - label.height) / 2);
    },
  };
}

/** "Typical tasks" as bullets across the card, then "Skills" as one flowing line: compact enough for two cards a page. */
function listsRows(ctx: BlockContext, p: Profession, width: number): Box[] {
  const { doc } = ctx;
  const eyebrow = (text: string, spaceBefore: number) =>
    textBoxes(doc, [run(text.toUpperCase(), type.eyebrow)], width, { spaceBefore }).map((b) => ({ ...b, height: b.height + 2, keepWithNext: true }));
  const tasks = p.tasks.length
    ? [
        ...eyebrow("Typical tasks", 10),
        ...p.tasks.flatMap((task, i) => {
          const lines = textBoxes(doc, [run(task, itemStyle)], width, { indent: BULLET, spaceBefore: i === 0 ? 0 : 1 });
          const first = lines[0]!;
          lines[0] = { ...first, draw: (at) => (doc.circle(at.x + 3, at.y + itemStyle.leading / 2 + 0.8, 1.6).fill(colors.primary), first.draw(at)) };
          return lines;
        }),
      ]
    : [];
  const skills = p.skills.length
    ? [
        ...eyebrow("Skills", p.tasks.length ? 9 : 10),
        ...textBoxes(
          doc,
          p.skills.flatMap((skill, i) => [
            ...(i > 0 ? [run("  ·  ", { ...itemStyle, color: colors.primary })] : []),
            run(skill.replace(/ /g, "\u00a0"), itemStyle),
          ]),
          width,
        ),
      ]
    : [];
  return [...tasks, ...skills];
}

function professionCard(ctx: BlockContext, p: Profession, index: number): Box[] {
  const { doc } = ctx;
  const width = innerWidth(ctx, look);
  const url = ctx.link(p.href);
  const badge = matchBadge(doc, p.match);
  const title = layoutText(doc, [run(p.title, { ...type.cardTitle, ...(url ? { link: url } : {}) })], width - badge.width - 12);
  const header: Box = {
    height: Math.max(title.height, 20),
    draw: ({ x, y }) => {
      drawText(doc, title, x, y);
      badge.draw(x + width - badge.width, y + Math.max(0, ((title.lines[0]?.height ?? 20) - 20) / 2));
    },
  };
  const meta = [
    ...(p.code ? [run("Interest code ", type.small), run(p.code, { ...type.smallStrong, tracking: 0.6 })] : []),
    ...(p.code && p.education ? [run("   ·   ", type.small)] : []),
    ...(p.education ? [run("Typical education ", type.small), run(p.education, type.smallStrong)] : []),
  ];
  const pay = p.pay ? payText(p.pay) : null;
  const rows: Box[] = [
    header,
    ...(meta.length > 0 ? textBoxes(doc, meta, width, { spaceBefore: 2 }) : []),
    ...(p.summary.trim() ? textBoxes(doc, [run(p.summary, summaryStyle)], width, { spaceBefore: 7 }) : []),
    ...listsRows(ctx, p, width),
    ...(pay
      ? [
          ...textBoxes(doc, [run("Pay in the U.S.  ", type.smallStrong), run(pay.figures, { ...type.small, color: colors.ink })], width, {
            spaceBefore: 12,
          }).map((box, i): Box => (i === 0 ? { ...box, draw: (at) => (rule(doc, at.x, at.y - 6, width), box.draw(at)) } : box)),
          ...textBoxes(doc, [run(pay.source, type.footer)], width, { spaceBefore: 1 }),
        ]
      : []),
  ];
  return card(ctx, rows, look, index === 0 ? 0 : 12);
}

function rule(doc: PDFKit.PDFDocument, x: number, y: number, width: number): void {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(colors.border)
    .stroke();
}

/** Matched occupations, best first, one card each, never split across pages. */
export const professionsBlock: BlockRenderer<"professions"> = (block, ctx) => block.items.flatMap((p, i) => professionCard(ctx, p, i));
