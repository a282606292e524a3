import { chmodSync, lstatSync, readdirSync, type Stats } from "node:fs";
import { join } from "node:path";

/**
 * The data directory holds the embedded database (every customer's answers and orders) and the mail
 * outbox (login links): only the app's user may enter it (ADR 051). PGlite writes its first files
 * from a packed copy with mode 0666 whatever the umask, so what it made is tightened after it opens.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Permission bits for the group and for others. */
const OTHERS = 0o077;

type Tightened = {
  /** Folders and files that other users of the machine could read, write or enter. */
  opened: string[];
  /** Those this process could not change (another user owns them), with why. */
  failed: string[];
};

function statOf(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/**
 * Makes `root` and everything under it private to this user: folders 0700, files 0600 (`deep:
 * false`: `root` alone). Symbolic links are left alone.
 */
export function makePrivate(root: string, { deep = true } = {}, result: Tightened = { opened: [], failed: [] }): Tightened {
  const visit = (path: string) => {
    const stat = statOf(path);
    if (!stat || stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & OTHERS) !== 0) result.opened.push(path);
    if ((stat.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
      } catch (error) {
        result.failed.push(`${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
    }
    if (stat.isDirectory() && deep) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return result;
}

/**
 * The start-up check (src/server/main.ts): makes the data directory and what the app keeps in it
 * (`owned`: the database folder, its lock, the mail outbox) private, and says as a warning what
 * other users of the machine could reach until now. Only what the app owns is changed deeply: the
 * data directory may be a folder the operator chose. Null when all of it already was private.
 */
export function privateDataDirWarning(dataDir: string, owned: string[]): string | null {
  const result = makePrivate(dataDir, { deep: false });
  for (const path of owned) makePrivate(path, {}, result);
  const { opened, failed } = result;
  if (opened.length === 0 && failed.length === 0) return null;
  const lines = [`Warning: the data directory ${dataDir} was open to other users of this machine (${opened.length} folders and files, e.g. ${opened[0]}).`];
  if (failed.length === 0) lines.push("It is private now (folders 0700, files 0600). Whoever could read it may have copied it.");
  else lines.push(`These could not be made private (run the app as their owner, or chmod -R go-rwx ${dataDir}):`, ...failed.slice(0, 5).map((f) => `  ${f}`));
  return lines.join("\n");
}
