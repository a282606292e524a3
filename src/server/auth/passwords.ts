import { hash, verify } from "@node-rs/argon2";
import { randomInt } from "node:crypto";

/** OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1. */
/** `algorithm: 2` is Argon2id (the package exports it as a const enum, which isolated modules cannot read). */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID);

/** A hash of a random string, verified against when the account does not exist, so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(`dummy-${randomInt(1e9)}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

const ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A generated password: 4 groups of 5 unambiguous characters (~114 bits), easy to copy. */
export function generatePassword(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return [group(), group(), group(), group()].join("-");
}
