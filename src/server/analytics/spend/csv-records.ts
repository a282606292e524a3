/** One record of a CSV file: its cells and the line of the file it starts on (1 is the first). */
export type CsvRecord = { line: number; cells: string[] };

/**
 * The records of a CSV text as RFC 4180 writes them: cells split by commas, a quoted cell may hold
 * commas, doubled quotes and line breaks; lines end in CRLF or LF; a leading byte-order mark (as a
 * spreadsheet saves it) and empty lines are skipped. A quote left open is reported, with the line
 * it opened on, rather than read as the rest of the file.
 */
export function csvRecords(text: string): { ok: true; records: CsvRecord[] } | { ok: false; line: number; problem: string } {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteOpenedOn = 0;
  const s = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== "") records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      quoteOpenedOn = line;
      cell = "";
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && s[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) return { ok: false, line: quoteOpenedOn, problem: 'a quoted cell is never closed (a " is missing)' };
  if (cell !== "" || cells.length > 0) endRecord();
  return { ok: true, records };
}
