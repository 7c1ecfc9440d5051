import { eq } from "drizzle-orm";
import { contactMessages } from "#app/db/schema";
import { createTestContext, type TestContext } from "#app/testing/context.server";
import { addressKey, CONTACT_RATE_LIMIT, rateLimitRetryAfter, submitContactMessage } from "./contact.server";
import { isHoneypotFilled } from "#app/lib/honeypot";
import { clientAddress } from "#app/lib/client-address.server";

const form = { name: "Omar", email: "omar@example.com", subject: "Pickup", message: "Do you pick up from the Marriott?" };
const MINUTE = 60_000;

describe("rate limit (pure)", () => {
  const now = new Date("2030-01-07T12:00:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);

  test("allows up to the limit within the window", () => {
    expect(rateLimitRetryAfter([], now)).toBe(0);
    expect(rateLimitRetryAfter([ago(1), ago(2), ago(3), ago(4)], now)).toBe(0);
  });

  test("refuses the next one until the oldest counted message leaves the window", () => {
    const sent = [ago(9), ago(5), ago(4), ago(3), ago(1)];
    expect(rateLimitRetryAfter(sent, now)).toBe(60);
    expect(rateLimitRetryAfter(sent, new Date(now.getTime() + MINUTE + 1))).toBe(0);
  });

  test("ignores messages older than the window", () => {
    expect(rateLimitRetryAfter([ago(11), ago(12), ago(13), ago(14), ago(15), ago(16)], now)).toBe(0);
    expect(CONTACT_RATE_LIMIT).toEqual({ limit: 5, windowMs: 10 * MINUTE });
  });
});

describe("honeypot and sender address", () => {
  test("only a filled hidden field counts as a bot", () => {
    expect(isHoneypotFilled(undefined)).toBe(false);
    expect(isHoneypotFilled("   ")).toBe(false);
    expect(isHoneypotFilled("http://spam.example")).toBe(true);
  });

  test("the address comes from the proxy's X-Forwarded-For and is stored only as a keyed hash", () => {
    expect(clientAddress(new Request("http://x/", { headers: { "X-Forwarded-For": "203.0.113.9, 10.0.0.1" } }))).toBe("203.0.113.9");
    expect(clientAddress(new Request("http://x/"))).toBe("unknown");
    expect(addressKey("203.0.113.9", "secret-one-secret-one")).not.toBe(addressKey("203.0.113.9", "secret-two-secret-two"));
    expect(addressKey("203.0.113.9", "s".repeat(16))).not.toContain("203");
  });
});

describe("submitContactMessage", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx?.stop());

  test("stores the message and emails it to the support address, replying to the sender", async () => {
    const outcome = await submitContactMessage(ctx, { form, locale: "ar", pageUrl: "http://localhost/ar/contact-us", address: "198.51.100.1" });
    expect(outcome).toMatchObject({ status: "sent", emailed: true });
    if (outcome.status !== "sent") return;
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, outcome.id));
    expect(row).toMatchObject({ name: "Omar", email: "omar@example.com", locale: "ar", pageUrl: "http://localhost/ar/contact-us" });
    expect(row!.emailedAt).toBeInstanceOf(Date);
    expect(row!.ipKey).not.toContain("198.51");
    const [mail] = ctx.mail.filter((entry) => entry.to === "support@rihla.example").reverse();
    expect(mail).toMatchObject({ replyTo: "omar@example.com", subject: `[Contact] Pickup (#${outcome.id})` });
    expect(mail!.text).toContain("Do you pick up from the Marriott?");
    expect(mail!.text).toContain("العربية");
  });

  test("a filled honeypot stores and sends nothing", async () => {
    const before = ctx.mail.length;
    const outcome = await submitContactMessage(ctx, { form: { ...form, website: "http://spam.example" }, locale: "en", pageUrl: "/", address: "198.51.100.2" });
    expect(outcome).toEqual({ status: "ignored" });
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.ipKey, addressKey("198.51.100.2", ctx.env.SESSION_SECRET)))).toEqual([]);
    expect(ctx.mail.length).toBe(before);
  });

  test("the sixth message from one address within ten minutes is refused, other addresses are not", async () => {
    const start = new Date("2030-01-07T10:00:00Z");
    for (let index = 0; index < 5; index++) {
      const outcome = await submitContactMessage(ctx, { form, locale: "en", pageUrl: "/", address: "198.51.100.3", now: new Date(start.getTime() + index * MINUTE) });
      expect(outcome.status).toBe("sent");
    }
    const refused = await submitContactMessage(ctx, { form, locale: "en", pageUrl: "/", address: "198.51.100.3", now: new Date(start.getTime() + 5 * MINUTE) });
    expect(refused).toEqual({ status: "rate-limited", retryAfterSeconds: 300 });
    expect((await submitContactMessage(ctx, { form, locale: "en", pageUrl: "/", address: "198.51.100.4", now: start })).status).toBe("sent");
    const later = await submitContactMessage(ctx, { form, locale: "en", pageUrl: "/", address: "198.51.100.3", now: new Date(start.getTime() + 10 * MINUTE + 1) });
    expect(later.status).toBe("sent");
  });
});
