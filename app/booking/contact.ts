/**
 * Reading an OCTO booking contact (jsonb on bookings and booking_unit_items, as a reseller or the
 * storefront sent it): the one place that says how a contact's name, email and phone are found.
 */

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** The contact's name: fullName, else first and last name; "" when the contact gives none. */
export function contactNameOf(contact: Record<string, unknown> | null | undefined): string {
  const value = contact ?? {};
  return textOf(value.fullName) || [textOf(value.firstName), textOf(value.lastName)].filter(Boolean).join(" ");
}

/** The contact's email address and phone number, "" when not given. */
export function contactReachOf(contact: Record<string, unknown> | null | undefined): { email: string; phone: string } {
  return { email: textOf(contact?.emailAddress), phone: textOf(contact?.phoneNumber) };
}
