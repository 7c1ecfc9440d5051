/** The PDPL erasure tests' scan: every text or jsonb column of every table that still holds a person's name, email or phone. */
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "#app/db/db.server";

/** Every text or jsonb column of every table holding `needle` (as "table.column"). */
export async function columnsHolding(db: Database, needle: string): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    await db.execute(sql`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'character varying')`),
  );
  const found: string[] = [];
  for (const column of columns) {
    const rows = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(column.table_name)} WHERE ${sql.identifier(column.column_name)}::text ILIKE ${`%${needle}%`}`));
    if ((rows[0]?.n ?? 0) > 0) found.push(`${column.table_name}.${column.column_name}`);
  }
  return found;
}
