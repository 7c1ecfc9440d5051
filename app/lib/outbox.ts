/**
 * The local outbox: where the default mail transport writes messages (one `.eml` file each, plus an
 * `index.jsonl` line with the fields tests and the development viewer need). No env or app imports,
 * so end-to-end tests can read a server's outbox folder directly.
 */
import { readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export type OutboxEntry = {
  id: string;
  messageId: string;
  date: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** The raw message, relative to the outbox folder. */
  file: string;
};

export const OUTBOX_INDEX = "index.jsonl";

/** Every message in an outbox folder, newest first; an empty list when nothing was sent yet. */
export async function readOutboxDir(dir: string, options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  let content: string;
  try {
    content = await readFile(path.join(dir, OUTBOX_INDEX), "utf8");
  } catch {
    return [];
  }
  const entries: OutboxEntry[] = [];
  for (const line of content.split("\n")) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as OutboxEntry);
    } catch {
      // A line cut short by a crash mid-append is skipped, not fatal.
    }
  }
  const wanted = options.to?.toLowerCase();
  const filtered = wanted ? entries.filter((entry) => entry.to.toLowerCase().includes(wanted)) : entries;
  return filtered.reverse().slice(0, options.limit ?? filtered.length);
}

/** The index's writers in this process (the mailer's appends, the retention pass's rewrite), one at a time per folder. */
const indexQueues = new Map<string, Promise<unknown>>();

/** Runs `work` when no other write to `dir`'s index is under way in this process (an append never lands in a rewrite's gap). */
export function withOutboxIndex<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const key = path.resolve(dir);
  const previous = indexQueues.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  indexQueues.set(key, settled);
  void settled.then(() => {
    if (indexQueues.get(key) === settled) indexQueues.delete(key);
  });
  return next;
}

/**
 * Removes the messages sent before `before` from an outbox folder: first their index lines (the index
 * is rewritten to a temporary file and renamed over, so a reader sees the old or the new one, whole),
 * then their `.eml` files, so the index never lists a file that is gone. A `.eml` the index does not
 * list (a crash between the two steps, or before the append) goes once its file is older than
 * `before`. Returns how many messages were removed.
 */
export async function pruneOutboxDir(dir: string, before: Date): Promise<number> {
  return withOutboxIndex(dir, async () => {
    const indexPath = path.join(dir, OUTBOX_INDEX);
    let content: string;
    try {
      content = await readFile(indexPath, "utf8");
    } catch {
      content = "";
    }
    const kept: string[] = [];
    const listed = new Set<string>();
    const removed = new Set<string>();
    let count = 0;
    for (const line of content.split("\n")) {
      if (!line.trim()) continue;
      let entry: OutboxEntry | null = null;
      try {
        entry = JSON.parse(line) as OutboxEntry;
      } catch {
        // A line cut short by a crash: nothing to date it by; it stays as readOutboxDir skips it.
      }
      const sent = entry ? Date.parse(entry.date) : Number.NaN;
      if (entry && sent < before.getTime()) {
        removed.add(entry.file);
        count += 1;
        continue;
      }
      if (entry) listed.add(entry.file);
      kept.push(line);
    }
    if (count > 0) {
      const temporary = `${indexPath}.${process.pid}.tmp`;
      await writeFile(temporary, kept.length > 0 ? `${kept.join("\n")}\n` : "");
      await rename(temporary, indexPath);
    }
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return count;
    }
    for (const name of names) {
      if (!name.endsWith(".eml") || listed.has(name)) continue;
      if (removed.has(name)) {
        await rm(path.join(dir, name), { force: true });
        continue;
      }
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info && info.mtime < before) {
        await rm(path.join(dir, name), { force: true });
        count += 1;
      }
    }
    return count;
  });
}
