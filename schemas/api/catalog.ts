import { z } from "zod";

const catalogEntry = z.object({ code: z.string(), text: z.string() });
export type CatalogEntry = z.infer<typeof catalogEntry>;
export const catalogList = z.object({ data: z.array(catalogEntry) });
