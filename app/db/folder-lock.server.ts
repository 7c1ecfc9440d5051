/**
 * One process per embedded database folder. PGlite has no lock of its own: two processes opening the
 * same folder (a command-line tool while the store runs or starts) would both write to it and corrupt
 * it. The opener writes its pid to a lock file created exclusively; a lock left by a process that is
 * gone is taken over; a live one is refused with a message that says what to do.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${folder} is open in process ${pid} (a store, running or starting, or a command-line tool). Operator commands reach a running store by themselves; otherwise wait for that process or stop it. (If no store runs, delete ${folder}.pid.)`);
    this.name = "DatabaseInUseError";
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the folder's lock (`<folder>.pid`) for this process; the returned function gives it back. */
export function lockFolder(folder: string): () => void {
  const file = `${folder}.pid`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (Number(readFileSync(file, "utf8")) === process.pid) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (holder === process.pid) return () => undefined;
      if (isAlive(holder)) throw new DatabaseInUseError(folder, holder);
      // Left behind by a process that crashed: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${folder}`);
}
