import { simpleParser } from "mailparser";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export type OutboxMessage = {
  file: string;
  to: string;
  /** The Reply-To address ("" when the e-mail has none). */
  replyTo: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  /** Attached files with their text (calendar invitations). */
  attachments: { filename: string; contentType: string; content: string }[];
};

const EML = /^[\w.-]+\.eml$/;

/** Newest first. */
export async function listOutbox(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names
    .filter((n) => EML.test(n))
    .sort()
    .reverse();
}

export async function readOutboxMessage(dir: string, file: string): Promise<OutboxMessage | null> {
  if (!EML.test(file)) return null;
  const raw = await readFile(join(dir, file)).catch(() => null);
  if (!raw) return null;
  const mail = await simpleParser(raw);
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
  return {
    file,
    to,
    replyTo: mail.replyTo?.text ?? "",
    subject: mail.subject ?? "",
    date: (mail.date ?? new Date(0)).toISOString(),
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
    attachments: mail.attachments.map((a) => ({ filename: a.filename ?? "", contentType: a.contentType, content: a.content.toString("utf8") })),
  };
}
