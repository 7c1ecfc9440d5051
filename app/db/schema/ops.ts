/**
 * Operations: what several app instances on one PostgreSQL server share besides the data itself.
 */
import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { bigserialId, createdAt, timestamptz } from "./columns";

/**
 * Every change notification (catalogue edits, published content) is written here as well as sent by
 * NOTIFY. A NOTIFY sent while an instance's listener connection is down is lost to it; when the
 * listener reconnects it replays the rows after the last id it saw, so no cache stays stale.
 * Rows older than a day are pruned.
 */
export const changeLog = pgTable(
  "change_log",
  {
    id: bigserialId(),
    channel: text("channel").notNull(),
    payload: text("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("change_log_created_idx").on(table.createdAt)],
);

/**
 * Every backup taken (by the schedule or `npm run backup`), successful or not: the console shows the
 * last one's age and a failure loudly, and the schedule takes the next when the last success is old
 * enough. `location` is the file or s3:// object written; `counts` the key tables' rows the
 * verification found in it.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: bigserialId(),
    startedAt: timestamptz("started_at").notNull(),
    finishedAt: timestamptz("finished_at"),
    /** "schedule" or "command". */
    trigger: text("trigger").notNull(),
    /** "running", "succeeded" or "failed". */
    status: text("status").notNull(),
    location: text("location"),
    bytes: bigint("bytes", { mode: "number" }),
    counts: jsonb("counts").$type<Record<string, number>>(),
    error: text("error"),
  },
  (table) => [index("backup_runs_started_idx").on(table.startedAt)],
);
