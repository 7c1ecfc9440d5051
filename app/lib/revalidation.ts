import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Every page's `shouldRevalidate` (docs/decisions/055): its loaders run again after any action, as
 * before single fetch. Single fetch skips them after an action that answered 4xx or 5xx, but our
 * refusals are about the state the page shows (a ticket checked in first on another device, a booking
 * another agent already decided, a toast the refusal left in the session): the page must show it as
 * it is now, as it does without JavaScript. Otherwise Remix decides as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => (actionStatus !== undefined && actionStatus >= 400 ? true : defaultShouldRevalidate);
