import type { SessionUser } from "./session.server";

/** What the header needs to know of the signed-in user. */
export type AccountSummary = { name: string } | null;

/** For the root loader: the signed-in user's display name, or null. */
export function accountSummary(user: SessionUser | null): AccountSummary {
  return user ? { name: user.name } : null;
}
