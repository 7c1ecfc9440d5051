/** The mail the suite's server "sent": its local outbox (DATA_DIR/outbox/index.jsonl). */
import { readFileSync } from "node:fs";
import path from "node:path";

export type OutboxEntry = { to: string; subject: string; text: string; date: string };

const OUTBOX_INDEX = path.join(process.env.E2E_DATA_DIR ?? ".cache/e2e-data", "outbox", "index.jsonl");

/** The newest message to `to` whose text or subject matches, waiting up to 15 s for it to be written. */
export async function mailTo(to: string, pattern: RegExp): Promise<OutboxEntry> {
  for (let attempt = 0; attempt < 60; attempt++) {
    let lines: string[] = [];
    try {
      lines = readFileSync(OUTBOX_INDEX, "utf8").trim().split("\n");
    } catch {
      // Not written yet.
    }
    const found = lines
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxEntry)
      .filter((entry) => entry.to === to && (pattern.test(entry.text) || pattern.test(entry.subject)))
      .pop();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The path (and query) of the first link in a text matching `pattern`. */
export function linkIn(text: string, pattern: RegExp): string {
  const url = new URL(pattern.exec(text)![0]);
  return url.pathname + url.search;
}
