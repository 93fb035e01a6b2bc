// Readers for the mirror's text formats: headered TSV, RFC 4180 CSV (quoted fields may hold commas,
// quotes and newlines), V2000 SD files. A UTF-8 byte-order mark is dropped.

export type Row = Record<string, string>;

const stripBom = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s);

/** Raw lines split on tabs (headerless tables keep every column). */
export function tsvRows(text: string): string[][] {
  return stripBom(text)
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map((l) => l.split('\t'));
}

/** A TSV with a header line; header names are trimmed. */
export function tsv(text: string): Row[] {
  const [head, ...rows] = tsvRows(text);
  return head ? rows.map((r) => toRow(head.map((h) => h.trim()), r)) : [];
}

export function csvRows(text: string): string[][] {
  const s = stripBom(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (s[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export function csv(text: string): Row[] {
  const [head, ...rows] = csvRows(text);
  return head ? rows.map((r) => toRow(head.map((h) => h.trim()), r)) : [];
}

function toRow(head: string[], cells: string[]): Row {
  const row: Row = {};
  head.forEach((h, i) => (row[h] = (cells[i] ?? '').trim()));
  return row;
}

/** SD file records: the molblock and the `> <field>` data items. */
export function sdf(text: string): { molblock: string; fields: Row }[] {
  const out: { molblock: string; fields: Row }[] = [];
  for (const rec of stripBom(text).split(/^\$\$\$\$\r?$/m)) {
    if (!rec.trim()) continue;
    const end = rec.indexOf('M  END');
    if (end < 0) continue;
    const molblock = rec.slice(0, end + 6).replace(/^\r?\n/, '');
    const fields: Row = {};
    let name: string | undefined;
    let value: string[] = [];
    for (const line of [...rec.slice(end + 6).split(/\r?\n/), '']) {
      const head = /^>.*<([^>]+)>/.exec(line);
      if (head) {
        name = head[1]!;
        value = [];
      } else if (name !== undefined && line.trim() === '') {
        fields[name] = value.join('\n').trim();
        name = undefined;
      } else if (name !== undefined) value.push(line);
    }
    out.push({ molblock, fields });
  }
  return out;
}

/** A cell as a number; empty, non-numeric or non-finite cells are missing (never zero). */
export function num(cell: string | undefined): number | undefined {
  if (cell === undefined) return undefined;
  const s = cell.trim();
  if (!s || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return undefined;
  const v = Number(s);
  return Number.isFinite(v) ? v : undefined;
}
