/**
 * vitest globalSetup: builds the seeded template database once, before the workers start, so test
 * files only copy it. Cheap when the cached template is current.
 */
import { ensureTestTemplate } from "./testing.server";

export default async function setup(): Promise<void> {
  const started = performance.now();
  await ensureTestTemplate();
  const elapsed = performance.now() - started;
  if (elapsed > 2000) console.info(`[db] test template ready in ${Math.round(elapsed)} ms`);
}
