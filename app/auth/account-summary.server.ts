import { getUser, type SessionDeps } from "./session.server";

/** What the header needs to know of the signed-in user. */
export type AccountSummary = { name: string } | null;

/** For the root loader: the signed-in user's display name, or null (one session lookup per request). */
export async function accountSummary(deps: SessionDeps, request: Request): Promise<AccountSummary> {
  const user = await getUser(deps, request);
  return user ? { name: user.name } : null;
}
