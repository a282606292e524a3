/**
 * Staff accounts for the growth console (ADR 037, docs/admin.md):
 *   npm run staff -- add <email>      e-mail the address an invitation; it is staff once it opens it
 *   npm run staff -- remove <email>   take staff access away (the account stays; its sessions end)
 *   npm run staff -- list
 * Works while the app runs: on the embedded database it asks the app (scripts/lib/operate.ts).
 */
import { join } from "node:path";
import { z } from "zod";
import { staffAdded, staffList, staffRemoved, type StaffInvited, type StaffMember } from "#schemas/api/admin.ts";
import { emailInput } from "#schemas/api/auth.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { createMailSender } from "#server/mail/mail-sender.ts";
import { createAuthTokens } from "#server/auth/auth-tokens.ts";
import { systemClock } from "#server/platform/clock.ts";
import { createSessions } from "#server/auth/sessions.ts";
import { addStaff, listStaff, removeStaff } from "#server/accounts/staff.ts";
import { supportAddress } from "#server/platform/support-address.ts";
import { fail, reachData, readToolEnv } from "./lib/operate.ts";

const USAGE = ["usage:", "  npm run staff -- add <email>", "  npm run staff -- remove <email>", "  npm run staff -- list"];

const args = z
  .union([z.tuple([z.literal("add"), emailInput]), z.tuple([z.literal("remove"), emailInput]), z.tuple([z.literal("list")])])
  .safeParse(process.argv.slice(2));
if (!args.success) fail([`${process.argv.slice(2).join(" ") || "(nothing)"}: not a staff command`, ...USAGE]);
const command = args.data!;

const env = readToolEnv();
const access = await reachData(env);

const printList = (members: StaffMember[]) =>
  process.stdout.write(members.length ? members.map((m) => `${m.email}  (since ${m.since.slice(0, 10)})\n`).join("") : "no staff accounts yet\n");
const said = {
  added: (r: StaffInvited) =>
    [
      r.existed
        ? `${r.email} already had an account: it is not staff yet, and none of its sessions is.`
        : `${r.email} had no account: one was made for it (without a password).`,
      `An invitation is on its way to ${r.email}. Opening its link makes the account staff and ends its other sessions; staff then open ${r.console}.`,
      "",
    ].join("\n"),
  removed: (r: { email: string; removed: boolean }) =>
    r.removed
      ? `${r.email} is no longer staff (an invitation not yet opened no longer works); its sessions ended.\n`
      : `${r.email} was not staff: nothing changed.\n`,
};

if (access.via === "app") {
  if (command[0] === "list") printList(staffList.parse(await access.call("GET", "/staff")).data);
  else if (command[0] === "add") process.stdout.write(said.added(staffAdded.parse(await access.call("POST", "/staff", { email: command[1] })).data));
  else process.stdout.write(said.removed(staffRemoved.parse(await access.call("DELETE", "/staff", { email: command[1] })).data));
} else {
  const { db } = access.database;
  try {
    if (command[0] === "list") printList(await listStaff(db));
    else if (command[0] === "add") {
      const added = await addStaff(db, createAuthTokens(db, systemClock), env.APP_ORIGIN, command[1]);
      // Nobody else is delivering mail from this database right now (the app is not running, or runs elsewhere on PostgreSQL and will too): deliver it.
      const mailer = createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir: join(env.DATA_DIR, "mail") });
      const sender = createMailSender(db, mailer, { intervalSeconds: 0, replyTo: () => supportAddress(db) });
      await sender.drain();
      mailer.close();
      process.stdout.write(said.added(added));
    } else process.stdout.write(said.removed(await removeStaff(db, command[1], (id) => createSessions(db, systemClock).destroyAllFor(id))));
  } finally {
    await access.database.close();
  }
}
