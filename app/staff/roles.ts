/**
 * Staff roles and what each may do. An agent runs the day (orders, on-request decisions, pay-later
 * payments, custom offers, the manifest and check-in, small refunds); an admin may also refund above
 * the agents' limit, override a cancellation policy, and manage staff and settings. A catalogue manager
 * puts the company's own experiences on sale and runs their prices and availability (and sees the day's
 * orders, to know what is sold); an admin may do that too. Every route and
 * action under /admin asks `can(role, permission)` on the server.
 */
export const STAFF_ROLES = ["agent", "catalogue", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  /** See queues, orders, the manifest and the audit log. */
  "orders.view": ["agent", "catalogue", "admin"],
  /** Confirm or reject on-request bookings. */
  "bookings.decide": ["agent", "admin"],
  /** Send payment links, record offline payments, cancel unpaid pay-later orders. */
  "payments.collect": ["agent", "admin"],
  /** Quote, revise and withdraw custom offers. */
  "offers.quote": ["agent", "admin"],
  /** Refund up to the agents' limit; cancel a booking under its policy. */
  "refunds.small": ["agent", "admin"],
  /** Refund above the agents' limit. */
  "refunds.large": ["admin"],
  /** Cancel a booking against its cancellation policy (with a reason). */
  "policy.override": ["admin"],
  /** Check a ticket in. */
  "tickets.redeem": ["agent", "admin"],
  /** Resend emails and messages. */
  "messages.send": ["agent", "admin"],
  /** Invite staff, change roles, disable accounts. */
  "staff.manage": ["admin"],
  /** Create and edit products, options, units, prices, schedules and capacity; put products on and off sale. */
  "catalogue.manage": ["catalogue", "admin"],
  /** Customers' PDPL requests: export or anonymise everything held for an email (the data-request queue). */
  "privacy.manage": ["admin"],
  /** Store-wide settings (reseller keys, deadlines). */
  "settings.manage": ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
