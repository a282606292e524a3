import { z } from "zod";
import { resultLayouts, teaserLayouts } from "./layout-ids.ts";

export * from "./layout-ids.ts";

/** The layout ids of ./layout-ids.ts as schemas, for the flow format. */
export const resultLayout = z.enum(resultLayouts);
export const teaserLayout = z.enum(teaserLayouts);
/** Any layout; a flow check makes sure a step gets one that fits its kind. */
export const reportLayout = z.enum([...resultLayouts, ...teaserLayouts]);
