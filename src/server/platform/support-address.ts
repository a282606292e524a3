import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { catalogEntries } from "../db/schema.ts";

/** The catalogue entry that holds the support address (content/catalog/app.yaml). */
const SUPPORT_EMAIL_CODE = "support.email";

const address = z.email();

/**
 * The support address, from its one home: the catalogue's `support.email`, which the site, the
 * refund policy and the receipt pages show and every e-mail carries as its Reply-To. Null when the
 * catalogue has no usable address (then e-mails go without a Reply-To).
 */
export async function supportAddress(db: Pick<Db, "select">): Promise<string | null> {
  const [row] = await db.select({ text: catalogEntries.text }).from(catalogEntries).where(eq(catalogEntries.code, SUPPORT_EMAIL_CODE));
  const text = row?.text.replace(/<[^>]*>/g, "").trim();
  return text && address.safeParse(text).success ? text : null;
}
