import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/private-files.ts";

/** A file sent with an e-mail (e.g. a calendar invitation); `content` is its text. */
export type Attachment = { filename: string; contentType: string; content: string };
/** `replyTo` is set by the mail sender on every e-mail (the catalogue's support address), never by a template. */
export type Message = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Attachment[];
  replyTo?: string;
  /** Extra headers, e.g. a follow-up's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** "smtp" or "outbox" */
  readonly kind: "smtp" | "outbox";
  send(message: Message): Promise<void>;
  close(): void;
};

/** Real SMTP when a URL is given; otherwise every message becomes an .eml file in the outbox folder. */
export function createMailer(options: { from: string; smtpUrl?: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      send: async (m) => void (await transport.sendMail({ from: options.from, ...m })),
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    kind: "outbox",
    async send(m) {
      // Named when handed over, not when written: the mail sender sends a batch side by side, and a
      // big message (a receipt with its attachment) must not read as newer than the login link
      // queued after it (whose token replaced the receipt's).
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const name = `${stamp}-${process.pid}-${String(++sequence).padStart(4, "0")}.eml`;
      const info = await transport.sendMail({ from: options.from, ...m });
      // The outbox holds login links: only the app's user may read it (ADR 051).
      await mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      await writeFile(join(options.outboxDir, name), info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    },
    close: () => transport.close(),
  };
}
