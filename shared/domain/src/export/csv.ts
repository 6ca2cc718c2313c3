// Pure helpers of the CSV exports (« Exporter (CSV) » on /clients, the account's full export): reading PostgREST's CSV (what supabase-js `.csv()` returns) and writing a CSV
// that French Excel opens as is (UTF-8 BOM, `;` between fields, CRLF, amounts in euros with a decimal comma).
export type CsvRecord = Record<string, string | null>;

/**
 * Parses PostgREST's CSV: a header row, then one row per line; a field is quoted when it holds a comma, a quote,
 * a parenthesis, a backslash or white space (PostgreSQL's record text: `""` is a quote and `\x` is x inside
 * quotes); an empty unquoted field is NULL, `""` an empty string.
 */
export function parsePostgrestCsv(text: string): CsvRecord[] {
  const rows: Array<Array<string | null>> = [];
  let row: Array<string | null> = [];
  let i = 0;
  const n = text.length;
  if (n === 0) return [];
  for (;;) {
    let value: string | null;
    if (text[i] === '"') {
      let out = '';
      i += 1;
      for (;;) {
        if (i >= n) throw new Error('CSV: unterminated quoted field');
        const c = text[i]!;
        if (c === '\\' && i + 1 < n) {
          out += text[i + 1];
          i += 2;
        } else if (c === '"') {
          if (text[i + 1] === '"') {
            out += '"';
            i += 2;
          } else {
            i += 1;
            break;
          }
        } else {
          out += c;
          i += 1;
        }
      }
      value = out;
    } else {
      let end = i;
      while (end < n && text[end] !== ',' && text[end] !== '\n') end += 1;
      value = end === i ? null : text.slice(i, end);
      i = end;
    }
    row.push(value);
    if (i >= n || text[i] === '\n') {
      rows.push(row);
      row = [];
      if (i >= n || i + 1 >= n) break;
      i += 1;
    } else if (text[i] === ',') {
      i += 1;
    } else {
      throw new Error('CSV: unexpected character after a quoted field');
    }
  }
  const [header, ...body] = rows;
  const keys = (header ?? []).map((k) => k ?? '');
  if (keys.length === 1 && keys[0] === '') return [];
  return body.map((cells) => Object.fromEntries(keys.map((key, index) => [key, cells[index] ?? null])));
}

/**
 * Cents (an integer, as text or number) → euros with a decimal comma and no grouping: `-1234,05`. `credit`: an
 * avoir's amount, always written negative whichever sign it is stored with.
 */
export function centsToCsvEuros(cents: string | number | null | undefined, credit = false): string {
  if (cents === null || cents === undefined || cents === '') return '';
  let value = BigInt(typeof cents === 'number' ? Math.round(cents) : cents.trim());
  if (credit && value > 0n) value = -value;
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n},${String(abs % 100n).padStart(2, '0')}`;
}

/** A PostgreSQL date or timestamptz text → `jj/mm/aaaa` in the browser's time zone (a date stays that day). */
export function csvDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A text cell as a spreadsheet must read it: a leading = + - @ (a formula) is defused with an apostrophe. */
export function csvTextCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quoteField(field: string): string {
  return /[;"\r\n]|^\s|\s$/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** The file's text: BOM (Excel reads UTF-8), `;` separators, CRLF line ends, fields quoted as RFC 4180 wants. */
export function toExcelCsv(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const lines = [headers, ...rows].map((cells) => cells.map(quoteField).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
