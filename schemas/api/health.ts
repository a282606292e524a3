import { z } from "zod";

export const health = z.object({
  data: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
});
