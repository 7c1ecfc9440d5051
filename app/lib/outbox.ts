/**
 * The local outbox: where the default mail transport writes messages (one `.eml` file each, plus an
 * `index.jsonl` line with the fields tests and the development viewer need). No env or app imports,
 * so end-to-end tests can read a server's outbox folder directly.
 */
import { readFile } from "node:fs/promises";
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
