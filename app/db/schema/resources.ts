/**
 * Guides and resources (app/booking/departure-resources*, their only writer; issue #33). One list, as
 * Bokun's resource pools and FareHarbor's staff-and-equipment have it: people who guide or drive
 * (optionally a staff member, whose day sheet then lists them) and things with seats (vehicles,
 * boats, rooms). An assignment puts one of them on a departure, an option's slot; a departure runs
 * [utc_start, utc_end) and a resource may hold only one departure at a time (checked under a row lock
 * on the resource, the way the console's schedule edits lock their rows).
 */
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, ownedBy, textId, timestamptz } from "./columns";
import { productOptions } from "./catalogue";
import { staffMembers } from "./staff";

/** `kind`: guide | driver (people, no seats) or vehicle | boat | room (`capacity` seats). */
export const resources = pgTable("resources", {
  id: textId(),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  /** Seats it carries; null for a guide or a driver. */
  capacity: integer("capacity"),
  /** The staff member who is this guide or driver, whose day sheet lists their departures. */
  staffUserId: text("staff_user_id").references(() => staffMembers.userId, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** When a departure runs, [utcStart, utcEnd): two of one resource's may not overlap. */
function runningTime() {
  return { utcStart: timestamptz("utc_start").notNull(), utcEnd: timestamptz("utc_end").notNull() };
}

export const departureAssignments = pgTable(
  "departure_assignments",
  {
    resourceId: ownedBy("resource_id", () => resources.id),
    optionId: ownedBy("option_id", () => productOptions.id),
    /** The slot's OCTO availability id (its local start with offset). */
    availabilityId: text("availability_id").notNull(),
    ...runningTime(),
    /** The staff member's email who assigned it. */
    assignedBy: text("assigned_by"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.resourceId, table.optionId, table.availabilityId] }),
    index("departure_assignments_departure_idx").on(table.optionId, table.availabilityId),
    index("departure_assignments_resource_start_idx").on(table.resourceId, table.utcStart),
  ],
);
