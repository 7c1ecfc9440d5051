/**
 * Site: messages sent through the contact form (app/site/contact.server.ts). Kept apart from the
 * catalogue and booking tables; nothing else references it.
 */
import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** One message from the contact form. `ipKey` is a hash of the sender's address, used for rate limiting. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    pageUrl: text("page_url"),
    ipKey: text("ip_key").notNull(),
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("contact_messages_ip_created_idx").on(table.ipKey, table.createdAt)],
);
