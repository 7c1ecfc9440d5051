/**
 * The composition root: every service the storefront uses, built once per process from the parsed
 * environment. server.js creates it, starts it, hands it to Remix as the load context and stops it on
 * SIGTERM; loaders and actions read `context` and pass what a domain function needs as arguments.
 * Tests build their own with createTestContext (app/testing/context.server.ts). See
 * docs/decisions/023-composition-root.md.
 */
import type { Cookie } from "@remix-run/node";
import { startHoldReaper, type BookingApi } from "#app/booking/booking.server";
import { EmbeddedBookingEngine } from "#app/booking/engine.server";
import { CATALOGUE_CHANNEL } from "#app/db/channels";
import { OctoHttpBookingApi } from "#app/octo/client.server";
import { openCatalogue, type Catalogue } from "#app/catalogue/catalogue.server";
import { createIncidentReporter, type IncidentReporter } from "#app/commerce/monitoring.server";
import type { WhatsAppNotifier } from "#app/messaging/whatsapp";
import { startReconciler, type Reconciler } from "#app/commerce/reconciler.server";
import { createContentService, createStoreFromEnv, type ContentService } from "#app/content/content.server";
import { createInvalidationBus, type InvalidationBus } from "#app/content/invalidation.server";
import type { ContentChange } from "#app/content/cache.server";
import { createProductTextSync, type ProductTextSync } from "#app/catalogue/product-texts.server";
import { createPreviewCookie } from "#app/layouts/preview.server";
import { createPreviewContentService, createPreviewModeCookie } from "#app/content/preview-mode.server";
import { LOCAL_STUDIO_URL } from "#app/content/stega.server";
import { LOCKS, openDatabase, type Database, type DatabaseHandle, type PubSub } from "#app/db/db.server";
import { runRetention } from "#app/account/retention.server";
import { backupSourceOf, runScheduledBackup } from "#app/backup/backup.server";
import { MIN_BACKUP_KEY_LENGTH } from "#app/backup/crypto.server";
import { backupScheduleFrom } from "#app/backup/schedule";
import { backupTargetFrom } from "#app/backup/targets.server";
import { startPeriodic, type PeriodicJob } from "#app/db/periodic.server";
import { invoicingDepsFrom } from "#app/invoicing/invoicing-job.server";
import { runInvoicingPass } from "#app/invoicing/invoicing-pass.server";
import { refreshSeasonalPriceFrom } from "#app/catalogue/manage/catalogue-write.server";
import { createCartCookie } from "#app/web/cart-cookie.server";
import { systemClock, type Clock } from "#app/lib/clock";
import { productCacheTag } from "#app/lib/http";
import { parseEnv, type Env } from "#app/lib/env.server";
import { createSiteChanges, type SiteChanges } from "#app/lib/lifecycle.server";
import { createMailer, outboxDir, type Mailer } from "#app/lib/mailer.server";
import { createWhatsAppNotifier } from "#app/messaging/whatsapp-cloud.server";
import { createSessionCookie } from "#app/web/session-cookie.server";
import { createStaffCookie } from "#app/web/staff-cookie.server";
import { createFlashStorage, type FlashStorage } from "#app/web/toast.server";
import { createPaymentGateways, type PaymentGateways } from "#app/payments/payments.server";
import type { GatewayName, PaymentGateway } from "#app/payments/gateway";
import type { WebhookDelivery } from "#app/payments/sandbox.server";

// A type, not an interface: Remix's AppLoadContext has an index signature, which only type aliases satisfy.
export type AppContext = {
  env: Env;
  /** The open database (Drizzle over PGlite or PostgreSQL) and its LISTEN/NOTIFY. */
  database: DatabaseHandle;
  db: Database;
  pubsub: PubSub;
  /** The in-memory catalogue index, kept current by change notifications. */
  catalogue: Catalogue;
  /** CMS content (Sanity or the seed dataset) behind a cache, and the bus that evicts it everywhere. */
  content: ContentService;
  contentBus: InvalidationBus;
  /** Changes that alter public pages (server.js drops its page cache on them). */
  siteChanges: SiteChanges;
  /** The one BookingApi: the embedded engine, or the OCTO supplier at BOOKING_API_URL. */
  bookingApi: BookingApi;
  payments: PaymentGateways;
  mailer: Mailer;
  whatsapp: WhatsAppNotifier;
  /** Failed payments and bookings, for support (Sentry when SENTRY_DSN is set). */
  incidents: IncidentReporter;
  clock: Clock;
  /** Signed cookies: they need SESSION_SECRET, so they are made here. */
  cookies: { session: Cookie; cart: Cookie; flash: FlashStorage; preview: Cookie; staff: Cookie; previewMode: Cookie };
  /**
   * The content service of previewing requests (drafts, no cache; null when the store cannot read
   * drafts). server.js puts it in place of `content` for a browser in preview mode (app/content/preview-mode.server.ts).
   */
  previewContent(): ContentService | null;
  /** True in the load context of a request in preview mode (set per request by server.js). */
  previewMode?: boolean;
  /**
   * What a load balancer asks (/readyz): ready once start() has built the catalogue index, and not
   * any more from the moment server.js begins draining on SIGTERM.
   */
  lifecycle: { ready: boolean; draining: boolean };
  /** Starts the background work: the content invalidation listener, the engine's cache listener and hold reaper, the reconciler, and builds the catalogue index. (The catalogue listens from creation.) */
  start(): Promise<void>;
  /** Stops it in order (listeners, reconciler, reaper), then closes the database (when it opened it). Idempotent. */
  stop(): Promise<void>;
};

/** How often a pass checks whether a price season began or ended (a "from" price moves within this of midnight). */
const SEASONAL_PRICES_EVERY_MS = 10 * 60_000;
/** The retention pass (PDPL): daily is enough for periods counted in days. */
const RETENTION_EVERY_MS = 24 * 60 * 60_000;

/** How often the backup job looks whether BACKUP_EVERY has passed since the last good backup. */
const BACKUP_CHECK_EVERY_MS = 5 * 60_000;

/** Replaceable parts: tests pass a database copy, a fixed clock, a capturing mailer, fake gateways. */
export type AppContextOverrides = {
  database?: DatabaseHandle;
  content?: ContentService;
  bookingApi?: BookingApi;
  gateways?: Partial<Record<GatewayName, PaymentGateway>>;
  /** Where the sandbox gateway sends its signed webhooks (default: POST to this storefront). */
  sandboxDelivery?: WebhookDelivery;
  mailer?: Mailer;
  whatsapp?: WhatsAppNotifier;
  clock?: Clock;
  /** Whether stop() closes the database (false when the caller owns an overridden one). */
  closeDatabase?: boolean;
};

/** A BookingApi and what runs beside it (the embedded engine's cache listener and hold reaper). */
interface BookingService {
  api: BookingApi;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The embedded engine (with its hold reaper), or the OCTO HTTP client when BOOKING_API_URL is set. */
function createBookingService(env: Pick<Env, "BOOKING_API_URL" | "BOOKING_API_KEY" | "BOOKING_HOLD_MINUTES">, handle: Pick<DatabaseHandle, "db" | "pubsub">, clock?: { now(): Date }): BookingService {
  if (env.BOOKING_API_URL) {
    // The supplier keeps its own inventory and expires its own holds: no reaper here.
    const api = new OctoHttpBookingApi({ baseUrl: env.BOOKING_API_URL, apiKey: env.BOOKING_API_KEY ?? "" });
    return { api, start: () => Promise.resolve(), stop: () => Promise.resolve() };
  }
  const engine = new EmbeddedBookingEngine(handle.db, { holdMinutes: env.BOOKING_HOLD_MINUTES, now: clock ? () => clock.now() : undefined });
  let reaper: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  return {
    api: engine,
    async start() {
      // Prices and schedules are cached for a minute; a catalogue change clears them at once.
      unlisten = await handle.pubsub.listen(CATALOGUE_CHANNEL, () => engine.clearCache());
      reaper = startHoldReaper(engine);
    },
    async stop() {
      if (reaper) clearInterval(reaper);
      reaper = undefined;
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
    },
  };
}

/** Builds every service once: opens (migrates, seeds) the database and loads the catalogue index. */
export async function createAppContext(env: Env = parseEnv(), overrides: AppContextOverrides = {}): Promise<AppContext> {
  // A schedule that cannot run refuses the start, before anything opens: no silent "no backups".
  const backupSchedule = backupScheduleFrom(env, MIN_BACKUP_KEY_LENGTH);
  const database = overrides.database ?? (await openDatabase(env));
  const clock = overrides.clock ?? systemClock;
  const closeDatabase = overrides.closeDatabase ?? !overrides.database;
  try {
    const siteChanges = createSiteChanges();
    // A catalogue change (here or on another instance) drops cached pages once the index has it; a
    // review, only the pages of the product it is about.
    const catalogue = await openCatalogue(database, {
      onChange: (reason) => siteChanges.notify(reason),
      onProductChange: (productId, reason) => siteChanges.notify(reason, [productCacheTag(productId)]),
    });
    const booking: BookingService = overrides.bookingApi
      ? { api: overrides.bookingApi, start: () => Promise.resolve(), stop: () => Promise.resolve() }
      : createBookingService(env, database, clock);
    // A product document changed (here, on another instance, or the whole dataset): its title and short
    // description go to the products table, whence the listing, cart, emails and OCTO read them (ADR 054).
    let productTexts: ProductTextSync | undefined;
    const onContentChange = (change: ContentChange | null) => {
      if (!change?.type || change.type === "product") void productTexts?.request();
    };
    const content = overrides.content ?? createContentService({ store: createStoreFromEnv(env), overrides: () => env, onSiteChange: siteChanges.notify, onContentChange });
    const contentBus = createInvalidationBus({ pubsub: database.pubsub, service: content });
    let previewContent: ContentService | null | undefined;
    const context: AppContext = {
      env,
      database,
      db: database.db,
      pubsub: database.pubsub,
      catalogue,
      content,
      contentBus,
      siteChanges,
      bookingApi: booking.api,
      payments: createPaymentGateways(env, database.db, overrides.gateways, overrides.sandboxDelivery),
      mailer: overrides.mailer ?? createMailer(env),
      // The Cloud API when WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set; the logging notifier otherwise.
      whatsapp: overrides.whatsapp ?? createWhatsAppNotifier(env),
      incidents: createIncidentReporter(env),
      clock,
      cookies: { session: createSessionCookie(env), cart: createCartCookie(env), flash: createFlashStorage(env), preview: createPreviewCookie(env), staff: createStaffCookie(env), previewMode: createPreviewModeCookie(env) },
      previewContent: () => (previewContent ??= createPreviewContentService(content.store, () => env, { studioUrl: env.STUDIO_ORIGIN ?? LOCAL_STUDIO_URL })),
      lifecycle: { ready: false, draining: false },
      start,
      stop,
    };

    let stopContentListener: (() => Promise<void>) | undefined;
    let reconciler: Reconciler | undefined;
    let seasonalPrices: PeriodicJob | undefined;
    let retention: PeriodicJob | undefined;
    let invoicing: PeriodicJob | undefined;
    let backups: PeriodicJob | undefined;
    let stopping: Promise<void> | undefined;

    async function start(): Promise<void> {
      stopContentListener = await contentBus.listen();
      await booking.start();
      // Expires stale holds, settles orders whose webhook never came, retries confirmations: a crash at
      // any step of a checkout is mended on the next start.
      reconciler = startReconciler(context, env.RECONCILER_INTERVAL_SECONDS * 1000);
      // A price season starting or ending today moves the listings' "from" prices with no catalogue write.
      seasonalPrices = startPeriodic(database, { lock: LOCKS.seasonalPrices, intervalMs: SEASONAL_PRICES_EVERY_MS, name: "seasonal prices" }, () => refreshSeasonalPriceFrom(context, clock.now()));
      // Personal data kept no longer than needed (PDPL): once at start, then daily.
      const periods = { guestContactDays: env.RETENTION_GUEST_CONTACT_DAYS, unverifiedAccountDays: env.RETENTION_UNVERIFIED_ACCOUNT_DAYS, contactMessageDays: env.RETENTION_CONTACT_MESSAGE_DAYS, outboxDays: env.RETENTION_OUTBOX_DAYS };
      retention = startPeriodic(database, { lock: LOCKS.retention, intervalMs: RETENTION_EVERY_MS, name: "retention" }, () => runRetention(database.db, clock.now(), periods, { outboxDir: outboxDir(env) }));
      // ZATCA: every paid order invoiced, every refund credited, each reported (a no-op until the unit is onboarded).
      const invoicingDeps = invoicingDepsFrom(env, database.db, () => clock.now());
      invoicing = startPeriodic(database, { lock: LOCKS.invoicing, intervalMs: env.ZATCA_PASS_SECONDS * 1000, name: "zatca" }, () => runInvoicingPass(invoicingDeps));
      // Backups (BACKUP_EVERY): one instance at a time; each run is recorded for the console.
      if (backupSchedule) {
        const target = backupTargetFrom(backupSchedule.to, { endpoint: env.BACKUP_S3_ENDPOINT, region: env.BACKUP_S3_REGION });
        const source = backupSourceOf(database, env.DATABASE_URL);
        backups = startPeriodic(database, { lock: LOCKS.backup, intervalMs: BACKUP_CHECK_EVERY_MS, name: "backup" }, () => runScheduledBackup(database.db, source, backupSchedule, target, () => clock.now()));
      }
      if (env.DATABASE_URL && !env.SMTP_URL) {
        console.warn("[mail] SMTP_URL is not set: mail goes to this instance's own outbox folder. With several instances on one database, set SMTP_URL so every message is sent.");
      }
      // Before the index is built, so the first listing already shows the CMS's titles (a failure is logged, not fatal).
      productTexts = createProductTextSync(database, content);
      await productTexts.request();
      // The first listing must not pay for the index: build it before the server says it is ready.
      await catalogue.warm();
      context.lifecycle.ready = true;
    }

    function stop(): Promise<void> {
      stopping ??= (async () => {
        try {
          await stopContentListener?.();
        } catch (error) {
          console.error("[shutdown] content listener", error);
        }
        await productTexts?.stop();
        await catalogue.stop();
        // The reconciler and the hold reaper must stop before the database they write to closes.
        await reconciler?.stop();
        await seasonalPrices?.stop();
        await retention?.stop();
        await invoicing?.stop();
        await backups?.stop();
        await booking.stop();
        if (!overrides.content) await content.close();
        if (closeDatabase) await database.close();
      })();
      return stopping;
    }

    return context;
  } catch (error) {
    if (closeDatabase) await database.close().catch(() => undefined);
    throw error;
  }
}

declare module "@remix-run/node" {
  // Remix passes server.js's getLoadContext() result to every loader and action as `context`.
  interface AppLoadContext extends AppContext {}
}
