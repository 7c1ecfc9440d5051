import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createMailer, outboxDir, readOutbox } from "./mailer.server";

describe("the file outbox", () => {
  test("keeps every message, and a folder removed while running is made again", async () => {
    const env = { DATA_DIR: await mkdtemp(path.join(tmpdir(), "mailer-")), MAIL_FROM: "Rihla <hello@example.com>", SMTP_URL: undefined };
    const mailer = createMailer(env);
    await mailer.send({ to: "a@example.com", subject: "One", text: "first" });
    await rm(outboxDir(env), { recursive: true });
    await mailer.send({ to: "a@example.com", subject: "Two", text: "second" });
    const kept = await readOutbox(env, { to: "a@example.com" });
    expect(kept.map((entry) => entry.subject)).toEqual(["Two"]);
    await rm(env.DATA_DIR, { recursive: true });
  });
});
