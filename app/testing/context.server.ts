/**
 * A whole app context for tests: a private PGlite copy of the seeded test template (or a PostgreSQL
 * copy when TEST_DATABASE_URL is set), a fixed clock the test can move, and a mailer that keeps what
 * it "sent". Every other service is the real one, built by createAppContext, so a test exercises the
 * same wiring as the server. Call `stop()` in afterAll (it also drops the database copy and the
 * DATA_DIR it made).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAppContext, type AppContext, type AppContextOverrides } from "#app/context.server";
import { createTestDatabase, type TestDatabase } from "#app/db/testing.server";
import { parseEnv } from "#app/lib/env.server";
import type { Mailer, MailMessage } from "#app/lib/mailer.server";

/** The day the test catalogue's "today" is (TEST_SEED.today), at 06:00 UTC. */
export const TEST_NOW = new Date("2030-01-08T06:00:00Z");

export type CapturedMail = MailMessage & { from: string };

export type TestContext = AppContext & {
  database: TestDatabase;
  /** Every message the mailer was asked to send, oldest first. */
  mail: CapturedMail[];
  /** Every WhatsApp message, oldest first. */
  whatsappSent: Array<{ to: string; text: string }>;
  /** Moves the fixed clock. */
  setNow(date: Date): void;
};

export type TestContextOptions = Omit<AppContextOverrides, "database" | "mailer" | "closeDatabase"> & {
  /** Environment variables on top of the test defaults (process.env is not read). */
  env?: Record<string, string | undefined>;
  /** Where the fixed clock starts (ignored when `clock` is given, e.g. systemClock under vi fake timers). */
  now?: Date;
  /** Connections for the PostgreSQL copy (PGlite has one). */
  poolSize?: number;
  mailer?: Mailer;
};

/** Builds a context over a fresh copy of the test database. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const { env: extraEnv, now = TEST_NOW, poolSize, mailer, clock, ...overrides } = options;
  // A DATA_DIR of its own (secrets, outbox, documents) unless the test names one; stop() removes it.
  const ownDataDir = extraEnv?.DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), "rihla-test-")) : null;
  const env = parseEnv({
    NODE_ENV: "test",
    SITE_URL: "http://localhost:3000",
    ...extraEnv,
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
  });
  const database = await createTestDatabase({ poolSize });
  let current = now;
  const mail: CapturedMail[] = [];
  const whatsappSent: Array<{ to: string; text: string }> = [];
  const capturing: Mailer = {
    async send(message) {
      mail.push({ ...message, from: message.from ?? env.MAIL_FROM });
      return { messageId: `<test-${mail.length}@rihla.test>`, transport: "outbox" };
    },
  };
  const context = await createAppContext(env, {
    ...overrides,
    database,
    closeDatabase: true,
    clock: clock ?? { now: () => current },
    mailer: mailer ?? capturing,
    whatsapp: overrides.whatsapp ?? { send: async (to, text) => void whatsappSent.push({ to, text }) },
  });
  const stopContext = context.stop;
  return Object.assign(context, {
    async stop() {
      await stopContext();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
    database,
    mail,
    whatsappSent,
    setNow(date: Date) {
      current = date;
    },
  });
}
