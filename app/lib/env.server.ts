import path from "node:path";
import { z } from "zod";
import { deploymentProblems, installationSecrets, SECRET_NAMES, type SecretName, type Secrets } from "./secrets.server";
import { LAYOUT_IDS } from "./layout-ids";
import { isIsoDate } from "./dates";

/**
 * Every environment variable the storefront reads, parsed once at boot. `.env.example` lists them
 * with their defaults; keep the two in step.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Public origin used for canonical URLs, sitemaps, redirects to the payment page, webhooks and emails.
   * Empty means http://localhost:$PORT (see resolveDefaults); it is never taken from the Host header.
   */
  SITE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /** The Sanity studio's origin (https://rihla.sanity.studio): may frame a preview, read /api/path-status from the browser, and receives preview's edit links. Empty allows no other origin. */
  STUDIO_ORIGIN: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /** Proxies in front of the server whose X-Forwarded-For is believed (hops); 0 trusts none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Where the embedded database, outbox and generated files live. */
  DATA_DIR: z.string().min(1).default(path.resolve("data")),
  /** A PostgreSQL server; when empty the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().optional().transform((value) => value || undefined),
  /** Seed of the deterministic catalogue generator (same seed → same catalogue). */
  SEED: z.string().min(1).default("rihla"),
  /** Number of experiences the first start seeds. */
  CATALOGUE_SCALE: z.coerce.number().int().min(1).max(200_000).default(3000),
  /** The date the seed treats as today (YYYY-MM-DD); empty means the real date at seed time. */
  SEED_TODAY: z.string().refine(isIsoDate).optional().or(z.literal("").transform(() => undefined)),
  /** Minutes a booking hold lasts unless the caller asks for another duration. */
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Overrides of the CMS site settings (the CMS decides when these are empty). */
  STOREFRONT_TYPE: z.enum(["supplier", "default"]).optional().or(z.literal("").transform(() => undefined)),
  LAYOUT_TYPE: z
    .enum(LAYOUT_IDS)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** "1" lets /api/preview-layout set a signed cookie that previews a layout in one browser; always on outside production. */
  LAYOUT_PREVIEW: z.enum(["0", "1", ""]).default("").transform((value) => value === "1"),
  DEFAULT_CURRENCY: z.string().regex(/^[A-Z]{3}$/).optional().or(z.literal("").transform(() => undefined)),
  /** A Google Tag Manager container instead of the CMS's (a staging container; the end-to-end suite's stand-in). */
  TAG_MANAGER_ID: z.string().regex(/^GTM-[A-Z0-9]{4,12}$/).optional().or(z.literal("").transform(() => undefined)),
  /** Signs cookies (cart, session, flash). Unset: generated once per installation (DATA_DIR/secrets.json). */
  SESSION_SECRET: z.string().min(16).optional().or(z.literal("").transform(() => undefined)),
  /** Outgoing mail: an SMTP server (smtp://user:pass@host:587); when empty, mail goes to ${DATA_DIR}/outbox. */
  SMTP_URL: z.string().optional().transform((value) => value || undefined),
  /** The sender of outgoing mail. */
  MAIL_FROM: z.string().min(3).default("Rihla <no-reply@rihla.example>"),
  /** "1" serves the outbox viewer (/dev/outbox) in production too; it is always on in development. */
  OUTBOX_VIEWER: z.enum(["0", "1", ""]).default("").transform((value) => value === "1"),
  SENTRY_DSN: z.string().optional().transform((value) => value || undefined),
  SENTRY_ENVIRONMENT: z.string().default("development"),
  /** Sanity: when SANITY_PROJECT_ID is set, content comes from Sanity instead of the seed dataset. */
  SANITY_PROJECT_ID: z.string().optional().transform((value) => value || undefined),
  SANITY_DATASET: z.string().default("production"),
  SANITY_API_VERSION: z.string().default("2025-02-19"),
  /** A Viewer token, kept on the server: a private dataset, and preview mode's drafts and secrets (none: no preview). */
  SANITY_READ_TOKEN: z.string().optional().transform((value) => value || undefined),
  /** Overrides the Sanity API host (used by the contract test's local server). */
  SANITY_API_HOST: z.string().optional().transform((value) => value || undefined),
  /** Checks Sanity webhook signatures. Unset: generated per installation (then no real Sanity webhook verifies). */
  SANITY_WEBHOOK_SECRET: z.string().min(16).optional().or(z.literal("").transform(() => undefined)),
  /** Payments: "sandbox" (built-in hosted page and signed webhooks), "stripe" or "tap" (Tap Payments: mada, Apple Pay, STC Pay). */
  PAYMENT_GATEWAY: z.enum(["sandbox", "stripe", "tap"]).default("sandbox"),
  /** Reserve now, pay later: unpaid pay-later orders one email may have open, and orders per client address a day. */
  PAY_LATER_MAX_OPEN_PER_EMAIL: z.coerce.number().int().min(0).max(1000).default(2),
  PAY_LATER_MAX_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(5),
  /** Reserve now, pay later: hours to pay before the seats are released (a product may set its own)… */
  PAY_LATER_DEADLINE_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(48),
  /** …and never later than this many days before travel. */
  PAY_LATER_DAYS_BEFORE_TRAVEL: z.coerce.number().int().min(0).max(90).default(2),
  /** Signs the sandbox gateway's webhooks (HMAC-SHA256). */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional().or(z.literal("").transform(() => undefined)),
  /** Where the sandbox delivers webhooks; empty means SITE_URL. */
  SANDBOX_WEBHOOK_URL: z.string().optional().transform((value) => value || undefined),
  STRIPE_SECRET_KEY: z.string().optional().transform((value) => value || undefined),
  STRIPE_WEBHOOK_SECRET: z.string().optional().transform((value) => value || undefined),
  /** Tap Payments' secret API key (sk_live_… / sk_test_…): calls the API and checks the hashstring of Tap's posts. */
  TAP_SECRET_KEY: z.string().optional().transform((value) => value || undefined),
  /** The Tap merchant id to charge under, when the Tap account has one per country; empty: the account's default. */
  TAP_MERCHANT_ID: z.string().optional().transform((value) => value || undefined),
  /** Tap's API base (a test points it at a local server). */
  TAP_API_URL: z.string().url().default("https://api.tap.company/v2"),
  /** WhatsApp Business Cloud API: with a token and a phone number id, customers get template messages; unset, messages are only logged. */
  WHATSAPP_TOKEN: z.string().optional().transform((value) => value || undefined),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,32}$/).optional().or(z.literal("").transform(() => undefined)),
  /** The Graph API base with its version (a test points it at a local server). */
  WHATSAPP_API_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  /** The approved template for each outcome, as JSON: {"CONFIRMED":"booking_confirmed","ON_HOLD":"booking_on_hold",…}. */
  WHATSAPP_TEMPLATES: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return {};
      try {
        return z.record(z.string().regex(/^[A-Z_]+$/), z.string().regex(/^[a-z0-9_]{1,512}$/)).parse(JSON.parse(value));
      } catch {
        context.addIssue({ code: "custom", message: 'a JSON object of outcome → template name, e.g. {"CONFIRMED":"booking_confirmed"}' });
        return z.NEVER;
      }
    }),
  /** Days an untouched cart (and its cookie) lives. */
  CART_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Seconds after which the reconciler settles an order whose webhook never came (asks the gateway). */
  ORDER_SETTLE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Hours after purchase when an on-request item nobody decided is rejected automatically (the
   * reconciler), so the card authorisation (typically 7 days) is released before it lapses.
   */
  ON_REQUEST_AUTO_REJECT_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(144),
  /**
   * What agents together may refund on one order, in whole SAR (everything any agent refunded on it counts;
   * other currencies converted at display rates); admins have no limit.
   */
  AGENT_REFUND_LIMIT_SAR: z.coerce.number().int().min(0).max(10_000_000).default(1000),
  /** What agents together may refund in one Riyadh day across all orders, in whole SAR; unset: 10 × AGENT_REFUND_LIMIT_SAR. */
  AGENT_REFUND_DAILY_LIMIT_SAR: z
    .literal("")
    .transform(() => undefined)
    .or(z.coerce.number().int().min(0).max(1_000_000_000))
    .optional(),
  /** Hours before a confirmed booking starts that its lead guest is reminded (email and WhatsApp). */
  REMINDER_HOURS_BEFORE: z.coerce.number().int().min(1).max(24 * 14).default(24),
  /** Hours after a booking's activity ends (start + duration) that its lead guest is asked for a review. */
  REVIEW_REQUEST_HOURS_AFTER: z.coerce.number().int().min(0).max(24 * 6).default(3),
  /** PDPL retention (app/account/retention.server.ts, a daily pass): days after a guest's last booking day before its name, email and phone are erased (the order stays). */
  RETENTION_GUEST_CONTACT_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
  /** Days an account whose email was never confirmed (and that holds no order) is kept. */
  RETENTION_UNVERIFIED_ACCOUNT_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Days a contact-form message is kept. */
  RETENTION_CONTACT_MESSAGE_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
  /** Encrypts backups (32+ characters; no default: without it nothing is backed up). */
  BACKUP_KEY: z.string().optional().transform((value) => value || undefined),
  /** How often the server backs up ("30m", "24h", "7d"); empty: no scheduled backups (app/backup/schedule.ts). */
  BACKUP_EVERY: z.string().optional().transform((value) => value?.trim() || undefined),
  /** Where scheduled backups go: a folder, or s3://bucket/prefix. */
  BACKUP_TO: z.string().optional().transform((value) => value?.trim() || undefined),
  /** How many scheduled backups are kept in BACKUP_TO (older ones are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** An S3-compatible store's endpoint (MinIO, R2, a local cloud); empty: AWS S3 itself. */
  BACKUP_S3_ENDPOINT: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /** The S3 region; empty: AWS_REGION, else us-east-1. */
  BACKUP_S3_REGION: z.string().optional().transform((value) => value || undefined),
  /** Days a message stays in the local mail outbox (`${DATA_DIR}/outbox`, used when SMTP_URL is unset). */
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Seconds between reconciler runs. */
  RECONCILER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** "1" serves /api/test/commerce (end-to-end tests move holds, prices and on-request decisions); never in production. */
  COMMERCE_TEST_HOOKS: z.enum(["0", "1", ""]).default("").transform((value) => value === "1"),
  /** The seller on tax invoices (ZATCA simplified invoice QR code): legal name and 15-digit VAT number. */
  SELLER_NAME: z.string().optional().transform((value) => value || "Rihla Travel and Tourism Co."),
  SELLER_VAT_NUMBER: z
    .string()
    .optional()
    .transform((value) => value || "310122393500003")
    .pipe(z.string().regex(/^3\d{13}3$/)),
  /** The seller's commercial registration number and address, as its tax documents carry them (BR-KSA-08, BR-KSA-09). */
  SELLER_CRN: z.string().regex(/^\d{10}$/).optional().or(z.literal("").transform(() => undefined)).transform((value) => value ?? "1010010000"),
  SELLER_STREET: z.string().optional().transform((value) => value || "King Fahd Road"),
  SELLER_BUILDING_NUMBER: z.string().regex(/^\d{4}$/).optional().or(z.literal("").transform(() => undefined)).transform((value) => value ?? "1234"),
  SELLER_DISTRICT: z.string().optional().transform((value) => value || "Al Olaya"),
  SELLER_CITY: z.string().optional().transform((value) => value || "Riyadh"),
  SELLER_POSTAL_CODE: z.string().regex(/^\d{5}$/).optional().or(z.literal("").transform(() => undefined)).transform((value) => value ?? "12211"),
  /** Seals the ZATCA unit's private key and CSIDs in the database (32+ characters; no default: without it nothing is issued). */
  ZATCA_KEY: z.string().optional().transform((value) => value || undefined),
  /** Fatoora's API base: the simulation (https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation) or production (…/e-invoicing/core); empty: documents are issued and wait to be reported. */
  ZATCA_API_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /** Which Fatoora environment the unit is onboarded with (its certificate template). */
  ZATCA_ENVIRONMENT: z.enum(["developer-portal", "simulation", "production"]).default("simulation"),
  /** This installation's issuing unit (EGS): one chain of counters and hashes. */
  ZATCA_UNIT: z.string().regex(/^[A-Za-z0-9-]{1,40}$/).default("web-1"),
  /** Seconds between passes that issue owed tax documents and report them to ZATCA. */
  ZATCA_PASS_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** VAT rate in percent; prices shown to customers include it. */
  VAT_RATE: z.coerce.number().min(0).max(100).default(15),
  /** An external OCTO supplier's base URL (e.g. https://supplier.example/octo/v1); when set, the storefront books there instead of with the embedded engine. */
  BOOKING_API_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /** Requests a minute an OCTO reseller key may make before 429 (a key may carry its own limit). */
  OCTO_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  /** The Bearer API key the OCTO supplier at BOOKING_API_URL gave us. */
  BOOKING_API_KEY: z.string().optional().transform((value) => value || undefined),
});

type ParsedEnv = z.infer<typeof EnvSchema>;

/** An unset AGENT_REFUND_DAILY_LIMIT_SAR is this many orders' worth of the per-order limit. */
const DAILY_REFUND_LIMIT_MULTIPLE = 10;
/** The parsed environment: every secret is present (configured, or this installation's generated one). */
export type Env = Omit<ParsedEnv, SecretName | "SITE_URL" | "AGENT_REFUND_DAILY_LIMIT_SAR"> &
  Secrets & {
    /** Resolved: the configured daily limit, or 10 × AGENT_REFUND_LIMIT_SAR. */
    AGENT_REFUND_DAILY_LIMIT_SAR: number;
    /** The public origin; unset, a local run links to the port it listens on (never the Host header). */
    SITE_URL: string;
    /** The sandbox gateway takes test cards: every checkout and hosted page says so. */
    PAYMENT_TEST_MODE: boolean;
  };

/**
 * Parses the environment; throws with every problem listed when a variable is malformed, or when a
 * public deployment (https SITE_URL) lacks a strong secret or an explicit payment gateway. Secrets
 * left unset come from DATA_DIR/secrets.json, generated on first use. The composition root
 * (app/context.server.ts) calls it once; everything else receives the result.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  }
  const parsed = result.data;
  if (parsed.PAYMENT_GATEWAY === "tap" && !parsed.TAP_SECRET_KEY) throw new Error("Invalid environment:\n- PAYMENT_GATEWAY=tap needs TAP_SECRET_KEY");
  const siteUrl = parsed.SITE_URL ?? `http://localhost:${parsed.PORT}`;
  const problems = deploymentProblems({
    siteUrl,
    configured: { SESSION_SECRET: source.SESSION_SECRET, SANITY_WEBHOOK_SECRET: source.SANITY_WEBHOOK_SECRET, SANDBOX_WEBHOOK_SECRET: source.SANDBOX_WEBHOOK_SECRET, PAYMENT_GATEWAY: source.PAYMENT_GATEWAY },
  });
  if (problems.length > 0) {
    throw new Error(`Refusing to start a public deployment (SITE_URL ${siteUrl}):\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
  }
  const missing = SECRET_NAMES.some((name) => !parsed[name]);
  const generated = missing ? installationSecrets(parsed.DATA_DIR) : null;
  const secrets = Object.fromEntries(SECRET_NAMES.map((name) => [name, parsed[name] ?? generated![name]])) as Secrets;
  return {
    ...parsed,
    ...secrets,
    SITE_URL: siteUrl,
    PAYMENT_TEST_MODE: parsed.PAYMENT_GATEWAY === "sandbox",
    AGENT_REFUND_DAILY_LIMIT_SAR: parsed.AGENT_REFUND_DAILY_LIMIT_SAR ?? parsed.AGENT_REFUND_LIMIT_SAR * DAILY_REFUND_LIMIT_MULTIPLE,
  };
}

/** The only variables the browser sees (as window.ENV). */
export function getPublicEnv(env: Env) {
  return {
    SENTRY_DSN: env.SENTRY_DSN ?? null,
    SENTRY_ENVIRONMENT: env.SENTRY_ENVIRONMENT,
  };
}

export type PublicEnv = ReturnType<typeof getPublicEnv>;
