import { z } from "zod";

const LOG_MESSAGE_MAX = 2000;

export const logBody = z.strictObject({
  message: z.string().trim().min(1).max(LOG_MESSAGE_MAX),
  level: z.enum(["debug", "info", "warn", "error"]),
});
