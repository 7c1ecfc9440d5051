/**
 * The schedule and the targets: a scheduled backup is taken when BACKUP_EVERY has passed since the last
 * good one (one instance at a time), keeps BACKUP_KEEP, and a failure is recorded and shown loudly.
 * S3 is exercised through the AWS SDK itself against a local stand-in answering as S3's API reference
 * documents (PutObject with If-None-Match, GetObject, ListObjectsV2's XML, DeleteObject).
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "#app/db/testing.server";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { startFakeRemote, type FakeRemote } from "#app/testing/fake-remote.server";
import { backupSourceOf, backupStatus, runScheduledBackup, takeBackup, type BackupSource } from "./backup.server";
import { decryptBackup } from "./crypto.server";
import { backupFileName, type BackupSchedule } from "./schedule";
import { folderTarget, parseS3Address, s3Target } from "./targets.server";

const KEY = "a-test-backup-key-of-32-characters!";
const HOUR = 3_600_000;
let ctx: TestContext;
let source: BackupSource;
let folder: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const serverUrl = process.env.TEST_DATABASE_URL;
  source = backupSourceOf(ctx.database, serverUrl ? databaseUrl(serverUrl, ctx.database.name) : undefined);
  folder = await mkdtemp(path.join(os.tmpdir(), "rihla-backups-"));
});
afterAll(async () => {
  await ctx?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("scheduled backups", () => {
  it("takes one when none is recorded or the last good one is BACKUP_EVERY old, keeping BACKUP_KEEP", async () => {
    const schedule: BackupSchedule = { everyMs: 24 * HOUR, keep: 1, to: path.join(folder, "scheduled"), key: KEY };
    const target = folderTarget(schedule.to);
    // An operator's own file in the folder is never pruned.
    await target.put("notes.txt", new TextEncoder().encode("kept"));
    let now = new Date("2030-01-08T03:00:00Z");
    const clock = () => now;

    expect(await backupStatus(ctx.db, now, schedule)).toMatchObject({ scheduled: true, last: null, alarm: true });
    const first = await runScheduledBackup(ctx.db, source, schedule, target, clock);
    expect(first).toMatchObject({ ok: true, location: path.join(schedule.to, "rihla-20300108T030000Z.backup") });
    expect(await runScheduledBackup(ctx.db, source, schedule, target, () => new Date(now.getTime() + 23 * HOUR))).toBeNull();

    now = new Date(Date.parse("2030-01-08T03:00:00Z") + 24 * HOUR);
    expect(await runScheduledBackup(ctx.db, source, schedule, target, clock)).toMatchObject({ ok: true, removed: ["rihla-20300108T030000Z.backup"] });
    expect((await readdir(schedule.to)).sort()).toEqual(["notes.txt", "rihla-20300109T030000Z.backup"]);
    const status = await backupStatus(ctx.db, now, schedule);
    expect(status).toMatchObject({ alarm: false, lastSuccessAt: now.toISOString(), last: { status: "succeeded", location: path.join(schedule.to, "rihla-20300109T030000Z.backup") } });
    // Quiet for more than two periods: late, and said loudly.
    expect((await backupStatus(ctx.db, new Date(now.getTime() + 49 * HOUR), schedule)).alarm).toBe(true);
  });

  it("records a failed backup with its reason, writes no file, and raises the alarm", async () => {
    const blocked = path.join(folder, "not-a-folder");
    await writeFile(blocked, "a file where the folder should be");
    const now = new Date("2030-02-01T03:00:00Z");
    const outcome = await takeBackup(ctx.db, source, { key: KEY, target: folderTarget(blocked), trigger: "schedule" }, () => now);
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/EEXIST|ENOTDIR/) });
    const status = await backupStatus(ctx.db, now, { everyMs: 24 * HOUR });
    expect(status).toMatchObject({ alarm: true, last: { status: "failed", location: null, error: expect.stringMatching(/EEXIST|ENOTDIR/) } });
  });
});

describe("S3-compatible storage", () => {
  let s3: FakeRemote;
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];

  beforeAll(async () => {
    s3 = await startFakeRemote((request, body, response) => {
      const url = new URL(request.url ?? "/", "http://s3.local");
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const [, bucket, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      if (bucket !== "rihla-backups") {
        response.writeHead(404, { "Content-Type": "application/xml" }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message></Error>`);
        return;
      }
      if (request.method === "PUT") {
        if (request.headers["if-none-match"] === "*" && objects.has(key)) {
          response.writeHead(412, { "Content-Type": "application/xml" }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>`);
          return;
        }
        objects.set(key, body);
        response.writeHead(200, { ETag: '"d41d8cd98f00b204e9800998ecf8427e"' }).end();
      } else if (request.method === "GET" && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const keys = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
        const contents = keys.map((name) => `<Contents><Key>${name}</Key><LastModified>2030-01-08T03:00:00.000Z</LastModified><ETag>"x"</ETag><Size>${objects.get(name)!.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`).join("");
        response.writeHead(200, { "Content-Type": "application/xml" }).end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>rihla-backups</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
      } else if (request.method === "GET") {
        const object = objects.get(key);
        if (!object) response.writeHead(404, { "Content-Type": "application/xml" }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>`);
        else response.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": object.length }).end(object);
      } else if (request.method === "DELETE") {
        objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  afterAll(() => s3?.close());

  it("reads s3:// addresses and refuses others", () => {
    expect(parseS3Address("s3://rihla-backups/shop/daily/")).toEqual({ bucket: "rihla-backups", prefix: "shop/daily/" });
    expect(parseS3Address("s3://rihla-backups")).toEqual({ bucket: "rihla-backups", prefix: "" });
    expect(() => parseS3Address("s3://")).toThrow(/s3:\/\/bucket/);
  });

  it("puts, lists, reads back and prunes backups under a prefix; an existing name is never overwritten", async () => {
    const target = s3Target("s3://rihla-backups/shop", { endpoint: s3.origin, region: "me-central-1", credentials: { accessKeyId: "AKIATEST", secretAccessKey: "test-secret" } });
    objects.set("shop/deeper/rihla-20000101T000000Z.backup", Buffer.from("another folder's"));
    objects.set("shop/readme.txt", Buffer.from("the operator's"));
    const schedule: BackupSchedule = { everyMs: 24 * HOUR, keep: 1, to: "s3://rihla-backups/shop", key: KEY };
    const first = new Date("2031-03-01T03:00:00Z");
    expect(await takeBackup(ctx.db, source, { key: KEY, target, trigger: "schedule", keep: 1 }, () => first)).toMatchObject({ ok: true, location: "s3://rihla-backups/shop/rihla-20310301T030000Z.backup" });
    const second = await runScheduledBackup(ctx.db, source, schedule, target, () => new Date("2031-03-02T03:00:00Z"));
    expect(second).toMatchObject({ ok: true, removed: ["rihla-20310301T030000Z.backup"] });
    expect([...objects.keys()].sort()).toEqual(["shop/deeper/rihla-20000101T000000Z.backup", "shop/readme.txt", "shop/rihla-20310302T030000Z.backup"]);

    const restoredBytes = decryptBackup(await target.get("rihla-20310302T030000Z.backup"), KEY);
    expect(restoredBytes.length).toBeGreaterThan(1000);
    // Signed requests, path-style under the bucket.
    expect(requests.some((line) => line.startsWith("PUT /rihla-backups/shop/rihla-20310302T030000Z.backup"))).toBe(true);

    // The same second twice (two instances racing): the second write fails instead of replacing the first.
    await expect(target.put(backupFileName(new Date("2031-03-02T03:00:00Z")), new Uint8Array([1]))).rejects.toThrow(/PreconditionFailed|pre-conditions/);
  });
});
