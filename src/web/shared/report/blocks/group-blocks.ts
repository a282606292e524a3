import type { ReportBlock } from "#schemas/report/document.ts";
import type { BlockOf } from "./types.ts";

/** How a section's blocks are laid out: one by one, or runs of cards that belong in one grid. */
export type BlockGroup =
  | { kind: "block"; block: ReportBlock }
  /** Two or more callouts of one calm tone in a row (help is never grouped: it stands alone). */
  | { kind: "callouts"; blocks: BlockOf<"callout">[] }
  /** Links blocks in a row, shown as one set of cards. */
  | { kind: "links"; block: BlockOf<"links"> };

const groupable = (block: ReportBlock): block is BlockOf<"callout"> => block.kind === "callout" && block.tone !== "help";

/** Groups runs of same-tone callouts and of links blocks, keeping the order of everything. */
export function groupBlocks(blocks: readonly ReportBlock[]): BlockGroup[] {
  const groups: BlockGroup[] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (block.kind === "links" && last?.kind === "links") {
      last.block = { kind: "links", items: [...last.block.items, ...block.items] };
    } else if (block.kind === "links") {
      groups.push({ kind: "links", block });
    } else if (groupable(block) && last?.kind === "callouts" && last.blocks[0]?.tone === block.tone) {
      last.blocks.push(block);
    } else if (groupable(block) && last?.kind === "block" && groupable(last.block) && last.block.tone === block.tone) {
      groups[groups.length - 1] = { kind: "callouts", blocks: [last.block, block] };
    } else {
      groups.push({ kind: "block", block });
    }
  }
  return groups;
}
