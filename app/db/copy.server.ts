/**
 * Bulk loading with COPY … FROM STDIN in text format, on PGlite and on a PostgreSQL server alike.
 * COPY skips the parse, plan and per-row executor work of an INSERT and needs no JSON round trip of
 * the data; the seed writes the catalogue with it.
 */
import pg from "pg";
import type { Table } from "drizzle-orm";
import { encodeCopyRows, type CopyData } from "./copy-text";
import { driverClient, type Database } from "./driver.server";

/**
 * Writes rows (keyed by Drizzle property names) into `table` with one COPY. Columns that no row sets
 * are left out, so they take their default; a column some rows set is null where the others leave it.
 */
export async function copyRows<T extends Table>(db: Database, table: T, rows: Array<Partial<T["$inferInsert"]>>): Promise<void> {
  const copy = encodeCopyRows(table, rows);
  if (copy) await copyData(db, copy);
}

/** Loads rows encoded by encodeCopyRows (copy-text.ts), perhaps on another thread. */
export function copyData(db: Database, copy: CopyData): Promise<void> {
  return copyText(db, copy.table, copy.columns, copy.data);
}

/**
 * Loads `text` (COPY text format: one line per row, tab between values, `\N` for null, backslash
 * escapes; a string or its UTF-8 bytes) into `table (columns)`, on the connection `db` runs on: a
 * transaction's own connection when `db` is one.
 */
export async function copyText(db: Database, table: string, columns: string[], text: string | Uint8Array<ArrayBuffer>): Promise<void> {
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
      await copyFromStdin(pooled, target, toBuffer(text));
    } finally {
      pooled.release();
    }
    return;
  }
  await copyFromStdin(client.client, target, toBuffer(text));
}

/** Bytes already encoded are wrapped, not copied. */
const toBuffer = (text: string | Uint8Array) => (typeof text === "string" ? Buffer.from(text) : Buffer.from(text.buffer, text.byteOffset, text.byteLength));

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
