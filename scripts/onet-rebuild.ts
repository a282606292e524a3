/**
 * Rebuilds the O*NET® facts of content/professions/*.yaml from an O*NET database text release:
 * the interest levels and high-point code (`riasec`) and, when the release has it, the Job Zone.
 *
 *   npm run professions:rebuild -- <dir> [--release 30.3 --year 2026] [--no-job-zones] [--dry-run]
 *
 * <dir> is the unzipped text release (db_XX_X_text.zip from https://www.onetcenter.org/database.html):
 * its interest file ("Career Interest Types.txt", called "Interests.txt" up to release 30.1), and
 * optionally "Job Zones.txt" and "Read Me.txt". The release and its year come from the Read Me
 * ("O*NET 30.3 Database, May 2026 Release"); without one, pass --release and --year. Every file
 * keeps its slug, texts, education and pay; only the O*NET fields and their `from` change. The script
 * prints what changed and refuses to write a file the content schema would reject. Sources and the
 * reading rules are in content/professions/SOURCES.md; update its release lines and the O*NET
 * credit (schemas/api/professions.ts, content/reports/career_riasec/report.yaml) with the release.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { professionContent, riasecLetters, type RiasecLetter } from "#schemas/content/profession.ts";

const CONTENT_DIR = join(process.cwd(), "content", "professions");
const INTEREST_FILES = ["Career Interest Types.txt", "Interests.txt"];
const LEVEL_ELEMENTS: Record<string, RiasecLetter> = {
  "1.B.1.a": "R",
  "1.B.1.b": "I",
  "1.B.1.c": "A",
  "1.B.1.d": "S",
  "1.B.1.e": "E",
  "1.B.1.f": "C",
};
const HIGH_POINTS = ["1.B.1.g", "1.B.1.h", "1.B.1.i"];
const ONET_URL = "https://www.onetcenter.org/database.html";

interface Options {
  dir: string;
  release?: string;
  year?: number;
  jobZones: boolean;
  dryRun: boolean;
}

interface Occupation {
  levels: Partial<Record<RiasecLetter, number>>;
  highPoints: (number | undefined)[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = { dir: "", jobZones: true, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--release") options.release = argv[++i];
    else if (arg === "--year") options.year = Number(argv[++i]);
    else if (arg === "--no-job-zones") options.jobZones = false;
    else if (arg === "--dry-run") options.dryRun = true;
    else if (!arg.startsWith("--") && !options.dir) options.dir = arg;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.dir)
    throw new Error("usage: npm run professions:rebuild -- <unzipped O*NET text release> [--release 30.3 --year 2026] [--no-job-zones] [--dry-run]");
  return options;
}

/** Tab-separated rows keyed by the header line, as the O*NET text releases are written. */
function readTable(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(file, "utf8").split(/\r?\n/).filter(Boolean);
  const columns = header!.split("\t");
  return lines.map((line): Record<string, string> => Object.fromEntries(line.split("\t").map((value, i): [string, string] => [columns[i]!, value])));
}

/** "O*NET 30.3 Database, May 2026 Release" → { release: "30.3", year: 2026 }, from the Read Me or the options. */
function releaseOf(options: Options): { release: string; year: number } {
  const readMe = join(options.dir, "Read Me.txt");
  const said = existsSync(readMe) ? /O\*NET (\d+\.\d+) Database[,\s]+\w+ (\d{4}) Release/.exec(readFileSync(readMe, "utf8")) : null;
  const release = options.release ?? said?.[1];
  const year = options.year ?? (said ? Number(said[2]) : undefined);
  if (!release || !year) throw new Error(`no "Read Me.txt" naming the release in ${options.dir}: pass --release and --year`);
  if (said && (said[1] !== release || Number(said[2]) !== year)) throw new Error(`the Read Me says ${said[1]} (${said[2]}), not ${release} (${year})`);
  return { release, year };
}

function readInterests(dir: string): Map<string, Occupation> {
  const name = INTEREST_FILES.find((f) => existsSync(join(dir, f)));
  if (!name) throw new Error(`no interest file (${INTEREST_FILES.join(" or ")}) in ${dir}`);
  const occupations = new Map<string, Occupation>();
  for (const row of readTable(join(dir, name))) {
    const soc = row["O*NET-SOC Code"]!;
    const occupation = occupations.get(soc) ?? { levels: {}, highPoints: [] };
    occupations.set(soc, occupation);
    const value = Number(row["Data Value"]);
    const element = row["Element ID"]!;
    if (row["Scale ID"] === "OI" && LEVEL_ELEMENTS[element]) occupation.levels[LEVEL_ELEMENTS[element]] = value;
    if (row["Scale ID"] === "IH" && HIGH_POINTS.includes(element)) occupation.highPoints[HIGH_POINTS.indexOf(element)] = value;
  }
  return occupations;
}

function readJobZones(dir: string): Map<string, number> | undefined {
  const file = join(dir, "Job Zones.txt");
  if (!existsSync(file)) return undefined;
  return new Map(readTable(file).map((row) => [row["O*NET-SOC Code"]!, Number(row["Job Zone"])]));
}

/** The first, second and third high points as letters (1 = R … 6 = C), skipping 0 (no high point). */
function codeOf(soc: string, occupation: Occupation): string {
  if (occupation.highPoints.length !== 3 || occupation.highPoints.some((v) => v === undefined)) throw new Error(`${soc}: the interest file lacks a high point`);
  return occupation.highPoints
    .filter((v): v is number => v !== undefined && v > 0)
    .map((v) => riasecLetters[v - 1])
    .join("");
}

/** As the file gives it, two decimals at most, with a whole number written 7.0 (as the files always were). */
const level = (value: number) => (Number.isInteger(value) ? value.toFixed(1) : String(value));

function replaceOnce(text: string, pattern: RegExp, replacement: string, file: string): string {
  if (!pattern.test(text)) throw new Error(`${file}: no line matches ${pattern}`);
  return text.replace(pattern, replacement);
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const { release, year } = releaseOf(options);
  const interests = readInterests(options.dir);
  const zones = options.jobZones ? readJobZones(options.dir) : undefined;
  const source = (what: string) => `{ source: "O*NET ${release} Database (USDOL/ETA), ${what}", year: ${year}, url: "${ONET_URL}" }`;
  const changes: string[] = [];
  let written = 0;

  for (const file of readdirSync(CONTENT_DIR)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    const path = join(CONTENT_DIR, file);
    const before = readFileSync(path, "utf8");
    const current = professionContent.parse(parse(before));
    const occupation = interests.get(current.onet_soc);
    if (!occupation) throw new Error(`${file}: ${current.onet_soc} is not in the interest file of O*NET ${release}`);
    const code = codeOf(current.onet_soc, occupation);
    const levels = riasecLetters.map((l) => {
      const value = occupation.levels[l];
      if (value === undefined) throw new Error(`${file}: ${current.onet_soc} has no ${l} level`);
      return `${l}: ${level(value)}`;
    });
    const top = Math.max(...riasecLetters.map((l) => occupation.levels[l]!));
    if (code && occupation.levels[code[0] as RiasecLetter] !== top) console.warn(`${file}: first high point ${code[0]} is not the highest level (${top})`);

    let after = replaceOnce(before, /^ {2}code: .*$/m, `  code: ${code}`, file);
    after = replaceOnce(after, /^ {2}levels: \{.*\}$/m, `  levels: { ${levels.join(", ")} }`, file);
    after = replaceOnce(after, /^ {2}from: \{ source: "O\*NET [\d.]+ Database \(USDOL\/ETA\), Interests".*$/m, `  from: ${source("Interests")}`, file);
    const zone = zones?.get(current.onet_soc);
    if (zones && zone === undefined) console.warn(`${file}: ${current.onet_soc} has no Job Zone in O*NET ${release}; kept ${current.job_zone.zone}`);
    if (zone !== undefined) after = replaceOnce(after, /^job_zone: \{.*\}$/m, `job_zone: { zone: ${zone}, from: ${source("Job Zones")} }`, file);

    const next = professionContent.safeParse(parse(after));
    if (!next.success) throw new Error(`${file}: the rebuilt file breaks the content schema: ${next.error.message}`);
    if (current.riasec.code !== code) changes.push(`${current.slug}: code ${current.riasec.code} → ${code}`);
    if (zone !== undefined && zone !== current.job_zone.zone) changes.push(`${current.slug}: job zone ${current.job_zone.zone} → ${zone}`);
    if (after !== before) {
      written++;
      if (!options.dryRun) writeFileSync(path, after);
    }
  }

  console.log(changes.join("\n"));
  console.log(`O*NET ${release} (${year}): ${written} file(s) ${options.dryRun ? "would change" : "changed"}; ${changes.length} code or zone change(s).`);
  if (!zones && options.jobZones) console.log(`No "Job Zones.txt" in ${options.dir}: Job Zones kept as they were.`);
}

main();
