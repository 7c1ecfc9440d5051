/**
 * Bulk loading with COPY … FROM STDIN in text format, on PGlite and on a PostgreSQL server alike.
 * COPY skips the parse, plan and per-row executor work of an INSERT and needs no JSON round trip of
 * the data; the seed writes the catalogue with it.
 */
import { getTableColumns, getTableName, type Column, type Table } from "drizzle-orm";
import pg from "pg";
import { driverClient, type Database } from "./db.server";

/**
 * Writes rows (keyed by Drizzle property names) into `table` with one COPY. Columns that no row sets
 * are left out, so they take their default; a column some rows set is null where the others leave it.
 */
export async function copyRows<T extends Table>(db: Database, table: T, rows: Array<Partial<T["$inferInsert"]>>): Promise<void> {
  if (rows.length === 0) return;
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
  await copyText(
    db,
    getTableName(table),
    columns.map(([, column]) => column.name),
    text,
  );
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

/**
 * Loads `text` (COPY text format: one line per row, tab between values, `\N` for null, backslash
 * escapes) into `table (columns)`, on the connection `db` runs on: a transaction's own connection
 * when `db` is one.
 */
export async function copyText(db: Database, table: string, columns: string[], text: string): Promise<void> {
  const target = `${pg.escapeIdentifier(table)} (${columns.map((column) => pg.escapeIdentifier(column)).join(", ")})`;
  const client = driverClient(db);
  if (client.kind === "pglite") {
    // PGlite has no COPY sub-protocol: the backend reads its virtual file /dev/blob, which holds `blob`.
    await client.client.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  if (client.client instanceof pg.Pool) {
    const pooled = await client.client.connect();
    try {
      await copyFromStdin(pooled, target, Buffer.from(text));
    } finally {
      pooled.release();
    }
    return;
  }
  await copyFromStdin(client.client, target, Buffer.from(text));
}

/** The parts of pg's Connection (untyped in @types/pg) that the COPY sub-protocol uses. */
interface CopyInConnection {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/**
 * A pg query that answers the server's CopyInResponse with `data`: pg's own Query answers it with
 * CopyFail, and COPY FROM STDIN otherwise needs pg-copy-streams, which is not a dependency. The data
 * goes out as CopyData messages of 64 KB and a CopyDone. If the server fails the COPY it reports the
 * error, skips the copy messages still in flight, and pg rejects the query with that error.
 */
class CopyFromStdin extends pg.Query {
  constructor(
    text: string,
    private readonly data: Buffer,
    callback: (error: Error | undefined) => void,
  ) {
    super(text, callback);
  }

  handleCopyInResponse(connection: CopyInConnection): void {
    const step = 64 * 1024;
    for (let at = 0; at < this.data.length; at += step) connection.sendCopyFromChunk(this.data.subarray(at, at + step));
    connection.endCopyFrom();
  }
}

function copyFromStdin(client: pg.ClientBase, target: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    client.query(new CopyFromStdin(`COPY ${target} FROM STDIN`, data, (error) => (error ? reject(error) : resolve())));
  });
}
