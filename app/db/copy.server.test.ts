import { asc, sql } from "drizzle-orm";
import { boolean, date, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { copyRows } from "./copy.server";
import { rowsOf, type Database } from "./db.server";
import { createTestDatabase, type TestDatabase } from "./testing.server";

const copyProbe = pgTable("copy_probe", {
  id: serial("id").primaryKey(),
  label: text("label").notNull(),
  note: text("note"),
  doc: jsonb("doc").$type<unknown>(),
  flag: boolean("flag"),
  amount: integer("amount"),
  ratio: doublePrecision("ratio"),
  day: date("day"),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  fallback: text("fallback").notNull().default("from default"),
});

/** Every character COPY text format treats specially, and text that looks like its markers. */
const TRICKY = "tab\there, newline\nthere, return\rhere, backslash \\ and \\N and \\. and \\t, عربي, 中文, 🙂";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE copy_probe (
    id serial PRIMARY KEY, label text NOT NULL, note text, doc jsonb, flag boolean, amount integer,
    ratio double precision, day date, at timestamptz, fallback text NOT NULL DEFAULT 'from default')`);
});

afterAll(async () => {
  await database?.close();
});

describe("copyRows", () => {
  test("stores every kind of value as written, nulls as null, and leaves unset columns to their default", async () => {
    const rows = [
      {
        label: TRICKY,
        note: "\\N",
        doc: { text: TRICKY, list: [1, 2.5, null, true], nested: { quote: '"', empty: "" } },
        flag: true,
        amount: -42,
        ratio: 24.71234,
        day: "2030-01-07",
        at: new Date("2030-01-07T09:30:00.123Z"),
      },
      { label: "", note: null, doc: null, flag: false, amount: 0, ratio: 1e-7, day: null, at: null },
      { label: "\\.", note: "", doc: "a JSON string", flag: null, amount: null, ratio: null },
    ];
    await database.db.transaction(async (tx) => copyRows(tx as unknown as Database, copyProbe, rows));
    const stored = await database.db.select().from(copyProbe).orderBy(asc(copyProbe.id));
    expect(stored).toEqual(rows.map((row, index) => ({ id: index + 1, day: null, at: null, ...row, fallback: "from default" })));
  });

  test("a failed COPY rejects, rolls its transaction back and leaves the connection usable", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await copyRows(tx as unknown as Database, copyProbe, [{ id: 100, label: "kept?" }]);
        // A duplicate key fails the second COPY on the server, after its data was sent.
        await copyRows(tx as unknown as Database, copyProbe, [{ id: 101, label: "a" }, { id: 101, label: "b" }]);
      }),
    ).rejects.toThrow(/duplicate key/);
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM copy_probe WHERE id >= 100`));
    expect(row!.n).toBe(0);
  });

  test("runs outside a transaction too", async () => {
    await copyRows(database.db, copyProbe, [{ id: 200, label: "alone" }]);
    const [row] = rowsOf<{ label: string }>(await database.db.execute(sql`SELECT label FROM copy_probe WHERE id = 200`));
    expect(row!.label).toBe("alone");
  });
});
