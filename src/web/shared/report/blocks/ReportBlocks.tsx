import type { ComponentType } from "react";
import type { ReportBlock } from "#schemas/report/document.ts";
import { CalloutBlock } from "./CalloutBlock.tsx";
import { groupBlocks } from "./group-blocks.ts";
import { LinksBlock } from "./LinksBlock.tsx";
import { blockRenderers } from "./registry.ts";
import type { BlockProps } from "./types.ts";

function Block({ block }: { block: ReportBlock }) {
  const Renderer = blockRenderers[block.kind] as ComponentType<BlockProps<ReportBlock["kind"]>>;
  return <Renderer block={block} />;
}

/** A section's blocks in order, each through its renderer; runs of callouts share a grid. */
export function ReportBlocks({ blocks }: { blocks: readonly ReportBlock[] }) {
  return groupBlocks(blocks).map((group, index) => {
    if (group.kind === "links") return <LinksBlock key={index} block={group.block} />;
    if (group.kind === "callouts")
      return (
        <div key={index} className="report-callouts">
          {group.blocks.map((block, i) => (
            <CalloutBlock key={i} block={block} />
          ))}
        </div>
      );
    return <Block key={index} block={group.block} />;
  });
}
