import { z } from "zod";

/** content/catalog/*.yaml: a map of catalogue code → text (HTML allowed). */
export const catalogFile = z.record(
  z.string().regex(/^[a-z0-9_.-]+$/i, "codes use letters, digits, _ . and -"),
  z.string().min(1),
);
