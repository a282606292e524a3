import { createHash, randomBytes } from "node:crypto";

/** 256 bits from the CSPRNG, URL-safe. */
export const newSecretToken = (): string => randomBytes(32).toString("base64url");

/** What the database stores instead of the token itself. */
export const hashSecretToken = (token: string): string => createHash("sha256").update(token).digest("hex");
