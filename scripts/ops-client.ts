/**
 * How operator commands run: through the running server when there is one (DATA_DIR/ops.json names
 * it; see app/ops/channel.server.ts), otherwise against the database directly.
 */
import { openDatabase } from "#app/db/db.server";
import { DatabaseInUseError } from "#app/db/folder-lock.server";
import { parseEnv } from "#app/lib/env.server";
import { databaseIdentity, readOpsFile, OPS_PATH } from "#app/ops/channel.server";
import { runOperatorCommandIn, type OperatorResult } from "#app/ops/commands.server";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function runOperatorCommand(command: string, args: Record<string, unknown>): Promise<OperatorResult> {
  const env = parseEnv();
  const running = readOpsFile(env);
  if (running && isAlive(running.pid)) {
    try {
      const response = await fetch(`${running.url}${OPS_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${running.token}` },
        body: JSON.stringify({ command, args, database: databaseIdentity(env) }),
      });
      if (response.headers.get("content-type")?.includes("application/json")) return (await response.json()) as OperatorResult;
      return { ok: false, output: `The running server answered ${response.status}.` };
    } catch (error) {
      console.warn(`[ops] the server in ops.json did not answer (${(error as Error).message}); using the database directly`);
    }
  }
  let handle;
  try {
    handle = await openDatabase(env);
  } catch (error) {
    // The store is starting (it has not published its channel yet), or another tool has the folder.
    if (error instanceof DatabaseInUseError) return { ok: false, output: `${error.message}\nTry again in a moment.` };
    throw error;
  }
  try {
    return await runOperatorCommandIn({ db: handle.db, database: handle, env, clock: { now: () => new Date() } }, command, args);
  } finally {
    await handle.close();
  }
}
