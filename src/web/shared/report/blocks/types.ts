import type { ComponentType } from "react";
import type { ReportBlock, ReportBlockKind } from "#schemas/report/document.ts";

export type BlockOf<K extends ReportBlockKind> = Extract<ReportBlock, { kind: K }>;

/** What every block renderer gets: its block, nothing else. Renderers decide the look only. */
export type BlockProps<K extends ReportBlockKind> = { block: BlockOf<K> };

export type BlockRenderers = { [K in ReportBlockKind]: ComponentType<BlockProps<K>> };
