import type { FastifyInstance } from "fastify";
import { HttpError } from "../errors.ts";
import type { Limit } from "./rate-limiter.ts";

const MINUTE = 60;

/** Every limit in one place, so they can be documented and tuned together. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  loginPerAccountAndIp: { max: 10, windowSeconds: 15 * MINUTE },
  /**
   * Password guesses on one account from every address together. Past it only the password is
   * refused; a login link from the e-mail still works, so nobody can lock the owner out.
   */
  passwordPerAccount: { max: 20, windowSeconds: 60 * MINUTE },
  mailRequestPerIp: { max: 10, windowSeconds: 15 * MINUTE },
  /** Past this the call still answers 202, but no more mail goes to that address. */
  mailPerAddress: { max: 3, windowSeconds: 15 * MINUTE },
  resetConfirmPerIp: { max: 20, windowSeconds: 15 * MINUTE },
  changePasswordPerCustomer: { max: 10, windowSeconds: 15 * MINUTE },
  prepareCabinetPerIp: { max: 20, windowSeconds: 15 * MINUTE },
  logPerIp: { max: 30, windowSeconds: MINUTE },
  /** Requests to move an account to another address: each sends two e-mails. */
  emailChangePerCustomer: { max: 5, windowSeconds: 60 * MINUTE },
  /** Attempts to delete the account, each checking a password or a deletion link. */
  deleteAccountPerCustomer: { max: 10, windowSeconds: 15 * MINUTE },
  /** Deletion links e-mailed to the account's own address. */
  deletionLinkPerCustomer: { max: 3, windowSeconds: 60 * MINUTE },
  /** Downloads of all of one's data: a heavy read. */
  exportPerCustomer: { max: 10, windowSeconds: 60 * MINUTE },
  /** Ratings from the feedback pages: a person sends one or two; more from one address is noise. */
  feedbackPerIp: { max: 5, windowSeconds: 15 * MINUTE },
} satisfies Record<string, Limit>;

const TOO_MANY = "Too many attempts. Please wait a little and try again.";

/** The 429 a passed limit answers, with Retry-After. */
export const rateLimited = (retryAfterSeconds: number, message = TOO_MANY) =>
  new HttpError(429, "rate_limited", message, { "retry-after": String(retryAfterSeconds) });

/** Counts a hit and throws 429 with Retry-After when the limit is passed. */
export async function throttle(app: FastifyInstance, key: string, limit: Limit, message = TOO_MANY): Promise<void> {
  const result = await app.services.limiter.hit(key, limit);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds, message);
}

/** Counts a hit and says whether it is within the limit, without failing the request. */
export async function withinLimit(app: FastifyInstance, key: string, limit: Limit): Promise<boolean> {
  return (await app.services.limiter.hit(key, limit)).allowed;
}
