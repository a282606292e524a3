import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, resolveSpecifier } from "./resolve.js";

/**
 * Keeps the server's rooms apart (ADR 068). A room is a folder directly under src/server with a
 * README.md; the README says what the room owns and, on two lines this rule reads, what it shares:
 *
 *   May import: `platform`, `auth`, …     the other rooms its files may import (none when absent)
 *   Also public: `destinations/registry.ts`   files in its sub-folders other rooms may import
 *
 * A room's public surface is the files directly in its folder plus its "Also public" files; its
 * sub-folders are its own. So a file of one room may import another room only when its README names
 * that room, and then only its public surface. Folders without a README (db, mail, outbox, jobs,
 * plugins, routes, start) are the building's infrastructure and composition: any room may import
 * them, and they may import any room's public surface.
 */
const SERVER = path.join(ROOT, "src", "server");

/** The backticked names on the README line that starts with `label`. */
function listed(readme, label) {
  const line = readme.split("\n").find((l) => l.startsWith(`${label}:`));
  return line ? [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]) : [];
}

/** Every room by name, with what it may import and what its sub-folders share, read from its README. */
export function readRooms(server = SERVER) {
  const rooms = new Map();
  for (const entry of readdirSync(server, { withFileTypes: true })) {
    const readme = path.join(server, entry.name, "README.md");
    if (!entry.isDirectory() || !existsSync(readme)) continue;
    const text = readFileSync(readme, "utf8");
    rooms.set(entry.name, { mayImport: new Set(listed(text, "May import")), alsoPublic: new Set(listed(text, "Also public")) });
  }
  return rooms;
}

/** The room folder a path under src/server lies in, and the path inside it, or null. */
function placeOf(file) {
  const relative = path.relative(SERVER, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [room, ...rest] = relative.split(path.sep);
  return rest.length ? { room, inside: rest.join("/") } : null;
}

function problem(rooms, from, to) {
  const target = rooms.get(to.room);
  if (!target || from?.room === to.room) return null;
  const source = from && rooms.get(from.room);
  if (source && !source.mayImport.has(to.room)) return `room "${from.room}" may not import room "${to.room}" (src/server/${from.room}/README.md, "May import")`;
  if (to.inside.includes("/") && !target.alsoPublic.has(to.inside))
    return `src/server/${to.room}/${to.inside} is inside room "${to.room}": import its public surface (the files directly in src/server/${to.room}/ or its README's "Also public")`;
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
export const serverRooms = {
  meta: { type: "problem", schema: [], messages: { crossing: "{{why}}." } },
  create(context) {
    const rooms = readRooms();
    const from = placeOf(context.filename);
    const check = (node) => {
      const spec = node.source && node.source.value;
      const target = typeof spec === "string" ? resolveSpecifier(context.filename, spec) : null;
      const to = target && placeOf(target);
      if (!to) return;
      const why = problem(rooms, from, to);
      if (why) context.report({ node: node.source, messageId: "crossing", data: { why } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
