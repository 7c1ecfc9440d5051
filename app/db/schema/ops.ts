/**
 * Operations: what several app instances on one PostgreSQL server share besides the data itself.
 */
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { bigserialId, createdAt } from "./columns";

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
