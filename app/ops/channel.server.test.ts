/**
 * The operator channel: only a loopback caller presenting the token of DATA_DIR/ops.json runs a
 * command; anyone else meets a bare 404. Commands run in the server's own context (octo:key here:
 * create, list, revoke, each audited).
 */
import { statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog } from "#app/db/schema";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { createOperatorChannel, databaseIdentity, opsFilePath, readOpsFile, type OperatorChannel } from "./channel.server";
import { parseKeyExpiry } from "./commands.server";

let ctx: TestContext;
let channel: OperatorChannel;
let token: string;

type Answer = { status: number; body: unknown };

/** Calls the Express handler with a request as Node would hand it over. */
async function call(options: { token?: string; address?: string; method?: string; body?: unknown }): Promise<Answer> {
  const answer: Answer = { status: 0, body: null };
  const res = {
    status(code: number) {
      answer.status = code;
      return res;
    },
    type() {
      return res;
    },
    json(body: unknown) {
      answer.body = body;
    },
    send(body: string) {
      answer.body = body;
    },
  };
  await channel.handle(
    {
      method: options.method ?? "POST",
      headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
      socket: { remoteAddress: options.address ?? "127.0.0.1" },
      // The operator's client always says which database it was given (app/ops/channel.server.ts).
      body: isPlainObject(options.body) && !("database" in options.body) ? { ...options.body, database: databaseIdentity(ctx.env) } : options.body,
    },
    res,
  );
  return answer;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

beforeAll(async () => {
  ctx = await createTestContext();
  channel = createOperatorChannel(ctx);
  channel.publish(4321);
  token = readOpsFile(ctx.env)!.token;
});
afterAll(async () => {
  channel.unpublish();
  await ctx.stop();
});

describe("operator channel", () => {
  it("publishes its loopback URL and a random token, readable only by the store's account", () => {
    expect(readOpsFile(ctx.env)).toEqual({ url: "http://127.0.0.1:4321", token: expect.stringMatching(/^[\w-]{40,}$/), pid: process.pid });
    expect(statSync(opsFilePath(ctx.env)).mode & 0o777).toBe(0o600);
  });

  it("refuses without the token, with a wrong one, from another address, or by GET: a bare 404", async () => {
    const body = { command: "octo:key", args: { list: true } };
    expect(await call({ body })).toEqual({ status: 404, body: "Not Found" });
    expect(await call({ body, token: `${token.slice(0, -1)}x` })).toEqual({ status: 404, body: "Not Found" });
    expect(await call({ body, token: "short" })).toEqual({ status: 404, body: "Not Found" });
    expect(await call({ body, token, address: "192.0.2.10" })).toEqual({ status: 404, body: "Not Found" });
    expect(await call({ body, token, address: "::ffff:10.0.0.5" })).toEqual({ status: 404, body: "Not Found" });
    expect(await call({ body, token, method: "GET" })).toEqual({ status: 404, body: "Not Found" });
    expect(await ctx.db.select().from(apiKeys)).toEqual([]);
  });

  // The pentest (#27 item 7d): the body was parsed first, so a stranger's bad body got a 400 or 413.
  it("checks loopback and token before any body is read: a stranger's malformed or oversized body meets the bare 404", async () => {
    const app = express();
    app.all("/_ops/command", channel.authorize, express.json({ limit: "64kb" }), (req, res) => void channel.handle(req, res));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_ops/command`;
    try {
      const send = async (body: string, headers: Record<string, string> = {}, method = "POST") => {
        const response = await fetch(url, { method, body: method === "GET" ? undefined : body, headers: { "Content-Type": "application/json", ...headers } });
        return [response.status, await response.text()];
      };
      expect(await send("{not json")).toEqual([404, "Not Found"]);
      expect(await send(JSON.stringify({ pad: "x".repeat(100 * 1024) }))).toEqual([404, "Not Found"]);
      expect(await send("{not json", { Authorization: "Bearer wrong" })).toEqual([404, "Not Found"]);
      expect(await send("", {}, "GET")).toEqual([404, "Not Found"]);
      // The operator's own client still hears what is wrong with its request.
      expect((await send("{not json", { Authorization: `Bearer ${token}` }))[0]).toBe(400);
      expect(await send(JSON.stringify({ command: "octo:key", args: { list: true }, database: databaseIdentity(ctx.env) }), { Authorization: `Bearer ${token}` })).toEqual([200, expect.stringContaining('"ok":true')]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("runs a command for a loopback caller with the token: octo:key creates, lists and revokes, audited", async () => {
    const created = await call({ token, address: "::1", body: { command: "octo:key", args: { reseller: "Acme Travel", expires: "2031-06-30", rateLimit: "600" } } });
    expect(created.status).toBe(200);
    const output = (created.body as { ok: boolean; output: string }).output;
    expect(created.body).toMatchObject({ ok: true });
    expect(output).toContain("Reseller: Acme Travel");
    expect(output).toContain("Expires:  2031-06-30T23:59:59.000Z");
    const keyId = /Key id:\s+(\S+)/.exec(output)![1]!;
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row).toMatchObject({ rateLimitPerMinute: 600, revokedAt: null });
    // The key is printed once and never stored or audited in clear.
    const key = output.trim().split("\n").pop()!;
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, keyId));
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([["apiKey.created", "command-line"]]);
    expect(JSON.stringify(audit)).not.toContain(key);

    const listed = await call({ token, body: { command: "octo:key", args: { list: true } } });
    expect((listed.body as { output: string }).output).toContain(`${keyId}`);

    const revoked = await call({ token, body: { command: "octo:key", args: { revoke: keyId } } });
    expect(revoked).toMatchObject({ status: 200, body: { ok: true } });
    expect((await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]?.revokedAt).toBeInstanceOf(Date);
    expect(await call({ token, body: { command: "octo:key", args: { revoke: "key_nope" } } })).toMatchObject({ status: 400, body: { ok: false, output: "No key key_nope." } });
  });

  it("refuses malformed arguments and unknown commands with a message, changing nothing", async () => {
    expect(await call({ token, body: { command: "octo:key", args: { reseller: "X", list: true } } })).toMatchObject({ status: 400, body: { ok: false } });
    expect(await call({ token, body: { command: "octo:key", args: { reseller: "X", expires: "someday" } } })).toMatchObject({ status: 400, body: { output: "--expires someday is not a date." } });
    expect(await call({ token, body: { command: "octo:key", args: { reseller: "X", rateLimit: "0" } } })).toMatchObject({ status: 400 });
    expect(await call({ token, body: { command: "rm -rf", args: {} } })).toMatchObject({ status: 400, body: { output: "Unknown command: rm -rf" } });
    expect(await call({ token, body: { args: {} } })).toMatchObject({ status: 400 });
    expect(parseKeyExpiry("2030-02-30")).toBeNull();
  });

  it("refuses a command given another database than the server's, doing nothing", async () => {
    const other = databaseIdentity({ DATABASE_URL: "postgres://rihla:secret@db.internal:5432/other", DATA_DIR: ctx.env.DATA_DIR });
    expect(other).toBe("postgres://rihla@db.internal:5432/other");
    const keysBefore = (await ctx.db.select().from(apiKeys)).length;
    const refused = await call({ token, body: { command: "octo:key", args: { reseller: "Elsewhere Travel" }, database: other } });
    expect(refused.status).toBe(409);
    expect((refused.body as { output: string }).output).toContain(`not ${other} as this command was given`);
    expect(await call({ token, body: { command: "octo:key", args: { reseller: "Nowhere Travel" }, database: undefined } })).toMatchObject({ status: 409 });
    expect(await ctx.db.select().from(apiKeys)).toHaveLength(keysBefore);
  });

  it("unpublish removes only its own file", () => {
    const other = createOperatorChannel(ctx);
    other.unpublish();
    expect(readOpsFile(ctx.env)?.token).toBe(token);
  });
});
