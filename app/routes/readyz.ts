/**
 * Readiness, for a load balancer: 200 only when this instance can serve — started (catalogue index
 * built), not draining after SIGTERM, and its database answering within two seconds. /healthz is
 * liveness: it says only that the process runs.
 */
import { sql } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { DATABASE_RETRY_AFTER_SECONDS } from "#app/db/outage.server";

export const handle = { cache: "no-store" } as const;

const DATABASE_TIMEOUT_MS = 2_000;

function answer(status: number, body: string, retryAfter?: number) {
  const headers: Record<string, string> = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  return new Response(body, { status, headers });
}

export async function loader({ context: app }: LoaderFunctionArgs) {
  if (app.lifecycle.draining) return answer(503, "draining");
  if (!app.lifecycle.ready) return answer(503, "starting");
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), DATABASE_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([app.db.execute(sql`SELECT 1`).then(() => "ok" as const), timeout]);
    // A database that does not answer (a lock held forever, a lost server) must take the instance out.
    if (outcome === "timeout") return answer(503, "database not answering", DATABASE_RETRY_AFTER_SECONDS);
  } catch {
    return answer(503, "database unavailable", DATABASE_RETRY_AFTER_SECONDS);
  } finally {
    clearTimeout(timer);
  }
  return answer(200, "ready");
}
