/**
 * COPY text format for Drizzle rows, with no database attached: copy.server.ts sends it, and the seed's
 * worker thread (seed/seed-worker.ts) encodes its chunks with it off the thread PGlite runs on.
 */
import { getTableColumns, getTableName, type Column, type Table } from "drizzle-orm";

/** One table's rows in COPY text format, as UTF-8 bytes, and the columns they fill in order. */
export interface CopyData {
  table: string;
  columns: string[];
  data: Uint8Array<ArrayBuffer>;
}

const utf8 = new TextEncoder();

/**
 * Encodes rows (keyed by Drizzle property names) for one COPY into `table`, or undefined when there are
 * none. Columns that no row sets are left out, so they take their default; a column some rows set is
 * null where the others leave it. The bytes have a buffer of their own (TextEncoder, not Buffer's
 * shared pool), so they can be transferred to another thread.
 */
export function encodeCopyRows<T extends Table>(table: T, rows: Array<Partial<T["$inferInsert"]>>): CopyData | undefined {
  if (rows.length === 0) return undefined;
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  let text = "";
  for (const row of rows) {
    let line = "";
    for (let index = 0; index < columns.length; index++) {
      const [key, column] = columns[index]!;
      line += (index === 0 ? "" : "\t") + copyValue(column, (row as Record<string, unknown>)[key]);
    }
    text += `${line}\n`;
  }
  return { table: getTableName(table), columns: columns.map(([, column]) => column.name), data: utf8.encode(text) };
}

/** Backslash escapes of COPY text format: a value holds no raw tab, newline, carriage return or backslash. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIAL_ALL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const escapeCopy = (text: string) => (COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL_ALL, (character) => COPY_ESCAPES[character]!) : text);

/**
 * One value in COPY text format. Drizzle's own driver mapping comes first (jsonb → JSON text,
 * timestamp → ISO string), so a value is stored as an INSERT through Drizzle would store it.
 */
function copyValue(column: Column, value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const driver = column.mapToDriverValue(value);
  switch (typeof driver) {
    case "string":
      return escapeCopy(driver);
    case "number":
      // COPY would take "NaN" or "Infinity" into a float column where a JSON or INSERT load would not.
      if (!Number.isFinite(driver)) throw new Error(`${column.name}: ${driver} is not a finite number`);
      return String(driver);
    case "boolean":
      return driver ? "t" : "f";
    case "bigint":
      return String(driver);
    default:
      if (driver instanceof Date) return driver.toISOString();
      throw new Error(`${column.name}: no COPY text form for ${typeof driver}`);
  }
}
