/**
 * The retention pass's outbox pruning: exactly the messages written before the cut-off go, their
 * index lines with them; newer messages, a message at the cut-off, a cut-short index line and files
 * that are not messages stay; a `.eml` the index does not list goes by its file's age. A message sent
 * while the index is rewritten keeps its line.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMailer, outboxDir } from "./mailer.server";
import { OUTBOX_INDEX, pruneOutboxDir, readOutboxDir, type OutboxEntry } from "./outbox";

const DAY = 86_400_000;
// The real clock: files made during the test carry it as their mtime.
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let dataDir: string;
let dir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "outbox-retention-"));
  dir = outboxDir({ DATA_DIR: dataDir });
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A message written `days` ago, as the mailer writes one: its .eml (with that mtime) and an index line. */
async function message(id: string, days: number): Promise<string> {
  const date = ago(days);
  const file = `${id}.eml`;
  await writeFile(path.join(dir, file), `Subject: ${id}\n\n${id}\n`);
  await utimes(path.join(dir, file), date, date);
  const entry: OutboxEntry = { id, messageId: `<${id}@rihla.test>`, date: date.toISOString(), from: "a@example.com", to: "b@example.com", replyTo: null, subject: id, text: id, html: null, file };
  return `${JSON.stringify(entry)}\n`;
}

test("exactly the messages past the period go, with their index lines", async () => {
  await mkdir(dir);
  const lines = [await message("old-90", 90), await message("old-31", 31), await message("at-30", 30), await message("new-29", 29), await message("new-0", 0)];
  // A line cut short by a crash mid-append stays (nothing dates it; readers skip it).
  await writeFile(path.join(dir, OUTBOX_INDEX), `${lines.join("")}{"id":"cut-sh`);
  // Files the index does not list: an old and a new message (a crash between file and line), and not a message at all.
  await writeFile(path.join(dir, "orphan-old.eml"), "x");
  await utimes(path.join(dir, "orphan-old.eml"), ago(45), ago(45));
  await writeFile(path.join(dir, "orphan-new.eml"), "x");
  await writeFile(path.join(dir, "notes.txt"), "x");
  await utimes(path.join(dir, "notes.txt"), ago(400), ago(400));

  expect(await pruneOutboxDir(dir, ago(30))).toBe(3);

  expect((await readdir(dir)).sort()).toEqual(["at-30.eml", "index.jsonl", "new-0.eml", "new-29.eml", "notes.txt", "orphan-new.eml"]);
  expect((await readOutboxDir(dir)).map((entry) => entry.id)).toEqual(["new-0", "new-29", "at-30"]);
  expect(await readFile(path.join(dir, OUTBOX_INDEX), "utf8")).toMatch(/"id":"new-0".*\n\{"id":"cut-sh\n$/s);
  // Every index line still names a file that is there.
  for (const entry of await readOutboxDir(dir)) expect(await readFile(path.join(dir, entry.file), "utf8")).toContain(entry.id);

  // A second pass finds nothing more.
  expect(await pruneOutboxDir(dir, ago(30))).toBe(0);
});

test("an outbox never written to is nothing to do", async () => {
  expect(await pruneOutboxDir(dir, ago(30))).toBe(0);
});

test("a message sent while the index is rewritten keeps its line", async () => {
  await mkdir(dir);
  const lines: string[] = [];
  const line = await message("old", 60);
  // A big index (many old lines, one file) so the rewrite takes long enough for sends to land in it.
  await writeFile(path.join(dir, OUTBOX_INDEX), line.repeat(20_000));
  const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: "Rihla <hello@example.com>", SMTP_URL: undefined });
  const sends = Array.from({ length: 20 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i)).then(() => mailer.send({ to: "c@example.com", subject: `fresh ${i}`, text: "t" })));
  const [removed] = await Promise.all([pruneOutboxDir(dir, ago(30)), ...sends]);
  expect(removed).toBe(20_000);
  const left = await readOutboxDir(dir);
  expect(left).toHaveLength(20);
  expect((await readdir(dir)).filter((name) => name.endsWith(".eml"))).toHaveLength(20);
});
