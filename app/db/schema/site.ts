/**
 * Site: messages sent through the contact form (app/site/contact.server.ts). Kept apart from the
 * catalogue and booking tables; nothing else references it.
 */
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, locale, serialId, timestamptz } from "./columns";

/** One message from the contact form. `ipKey` is a hash of the sender's address, used for rate limiting. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serialId(),
    locale: locale(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    pageUrl: text("page_url"),
    ipKey: text("ip_key").notNull(),
    emailedAt: timestamptz("emailed_at"),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_ip_created_idx").on(table.ipKey, table.createdAt)],
);
