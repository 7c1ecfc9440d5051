import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createMailer, marketingRefusal, outboxDir, readOutbox } from "./mailer.server";

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

describe("marketing emails", () => {
  test("go only with a List-Unsubscribe header whose link is in the text too", async () => {
    const link = "https://rihla.example/unsubscribe?email=a%40example.com&s=abc";
    const base = { to: "a@example.com", subject: "Offers", marketing: true };
    expect(marketingRefusal({ ...base, text: "Ten percent off" })).toMatch(/List-Unsubscribe/);
    expect(marketingRefusal({ ...base, text: "Ten percent off", headers: { "List-Unsubscribe": `<${link}>` } })).toMatch(/link in the text/);
    expect(marketingRefusal({ ...base, text: `Ten percent off. Unsubscribe: ${link}`, headers: { "List-Unsubscribe": `<${link}>` } })).toBeNull();
    // A service message (a ticket, a reset link) needs none.
    expect(marketingRefusal({ to: "a@example.com", subject: "Your ticket", text: "Attached" })).toBeNull();
    const env = { DATA_DIR: await mkdtemp(path.join(tmpdir(), "mailer-")), MAIL_FROM: "Rihla <hello@example.com>", SMTP_URL: undefined };
    await expect(createMailer(env).send({ ...base, text: "Ten percent off" })).rejects.toThrow(/List-Unsubscribe/);
    await rm(env.DATA_DIR, { recursive: true, force: true });
  });
});
