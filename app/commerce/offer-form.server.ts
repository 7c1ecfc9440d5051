/**
 * The console's offer page as one value, and its two forms (quote, withdraw) as one call each: the
 * posted fields parsed with conform and one zod schema (options[i] included), prices turned into minor
 * units of the offer's currency, dates checked, "valid until" taken as the end of that day in Riyadh,
 * the clock from the app's Clock. Errors come back keyed by field ("options.0.price") as i18n keys.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { localToUtc } from "#app/booking/time";
import { addDays, isIsoDate, RIYADH_TIME_ZONE, todayInRiyadh } from "#app/lib/dates";
import type { LocaleCode } from "#app/lib/locales";
import { isCurrencyCode, toMinor, type CurrencyCode } from "#app/lib/money";
import type { Actor } from "#app/staff/audit.server";
import { can, type StaffRole } from "#app/staff/roles";
import { QUOTE_OPTION_SLOTS, QuoteSchema, WithdrawSchema } from "./console-schemas";
import { nextOfferStatus } from "./offer-state";
import { loadOfferForStaff, quoteOffer, withdrawOffer, type QuoteOptionInput } from "./offers.server";
import type { CommerceDeps } from "./order-records.server";

export type OfferFormErrors = Record<string, string>;
export type OfferFormResult = { ok: true; done: "quoted" | "withdrawn"; reference: string } | { ok: false; errors: OfferFormErrors; status: number } | { ok: false; notFound: true };

function minorOrZero(price: string | undefined, currency: CurrencyCode): number {
  try {
    return price ? toMinor(price.replace(",", "."), currency) : 0;
  } catch {
    return 0;
  }
}

/**
 * The quote form for an offer in `currency`: the first option is required, a later one only when
 * something of it was typed; each given option needs a date and a positive price.
 */
export function quoteFormSchema(currency: CurrencyCode) {
  // Checked on the options alone, so a bad "valid until" does not hide the options' own errors.
  const options = QuoteSchema.shape.options.element
    .optional()
    .array()
    .max(QUOTE_OPTION_SLOTS)
    .default([])
    .superRefine((list, ctx) => {
      for (let index = 0; index < Math.max(1, list.length); index += 1) {
        const option = list[index] ?? {};
        if (index > 0 && !option.date && !option.price && !option.included) continue;
        if (!isIsoDate(option.date ?? "")) ctx.addIssue({ code: "custom", path: [index, "date"], message: "admin.errors.date" });
        if (minorOrZero(option.price, currency) <= 0) ctx.addIssue({ code: "custom", path: [index, "price"], message: "admin.errors.amount" });
      }
    });
  return QuoteSchema.extend({ options })
    .transform((value) => ({
      validUntil: value.validUntil,
      message: value.message ?? "",
      options: value.options.flatMap((option, index): QuoteOptionInput[] =>
        option && (index === 0 || option.date || option.price || option.included) ? [{ localDate: option.date ?? "", time: option.time || null, amount: minorOrZero(option.price, currency), included: option.included ?? "" }] : [],
      ),
    }));
}

/** conform names a field's errors "options[0].date"; the page reads "options.0.date". */
function errorsOf(error: Record<string, string[] | null> | null | undefined): OfferFormErrors {
  const errors: OfferFormErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages?.[0]) errors[name.replace(/\[(\d+)\]/g, ".$1") || "form"] ??= messages[0];
  return errors;
}

/** Quote or withdraw an offer from the console's posted form. */
export async function submitOfferForm(deps: CommerceDeps, input: { reference: string; formData: FormData; actor: Actor }): Promise<OfferFormResult> {
  const offer = await loadOfferForStaff(deps.db, input.reference, "en");
  if (!offer) return { ok: false, notFound: true };
  const now = deps.clock.now();
  const fail = (errors: OfferFormErrors, status = 400): OfferFormResult => ({ ok: false, errors, status });
  const intent = input.formData.get("intent");
  if (intent === "withdraw") {
    const submission = parseWithZod(input.formData, { schema: WithdrawSchema });
    if (submission.status !== "success") return fail({ reason: "admin.errors.required" });
    const outcome = await withdrawOffer(deps, offer.reference, input.actor, submission.value.reason, now);
    return outcome.ok ? { ok: true, done: "withdrawn", reference: offer.reference } : fail({ form: "admin.offers.errors.notOpen" }, 409);
  }
  if (intent !== "quote") return fail({ form: "admin.errors.invalid" });
  const submission = parseWithZod(input.formData, { schema: quoteFormSchema(isCurrencyCode(offer.currency) ? offer.currency : "SAR") });
  if (submission.status !== "success") return fail(errorsOf(submission.error));
  const quote = submission.value;
  // Valid until the end of that day in Riyadh.
  const validUntil = localToUtc(RIYADH_TIME_ZONE, addDays(quote.validUntil, 1), "00:00");
  const outcome = await quoteOffer(deps, offer.reference, { options: quote.options, validUntil, message: quote.message }, input.actor, now);
  if (outcome.ok) return { ok: true, done: "quoted", reference: offer.reference };
  if (outcome.reason === "NO_AVAILABILITY") return fail({ [`options.${outcome.option}.date`]: "admin.offers.errors.noAvailability" });
  if (outcome.reason === "VALIDITY") return fail({ validUntil: "admin.offers.errors.validity" });
  return fail({ form: "admin.offers.errors.notOpen" }, 409);
}

/** Everything /admin/offers/<reference> shows; null when no offer has that reference. */
export async function loadOfferPage(deps: Pick<CommerceDeps, "db" | "clock">, input: { reference: string; locale: LocaleCode; role: StaffRole }) {
  const offer = await loadOfferForStaff(deps.db, input.reference, input.locale);
  if (!offer) return null;
  const today = todayInRiyadh(deps.clock.now());
  return {
    canQuote: can(input.role, "offers.quote"),
    quotable: nextOfferStatus(offer.status, "quote") !== null,
    withdrawable: nextOfferStatus(offer.status, "withdraw") !== null,
    defaultValidUntil: addDays(today, 3),
    today,
    offer: {
      reference: offer.reference,
      title: offer.title,
      slug: offer.slug,
      status: offer.status,
      name: offer.name,
      email: offer.email,
      phone: offer.phone,
      locale: offer.locale,
      dateFrom: offer.dateFrom,
      dateTo: offer.dateTo,
      groupSize: offer.groupSize,
      budget: offer.budget,
      currency: offer.currency,
      message: offer.message,
      createdAt: offer.createdAt,
      quote: offer.quote,
      validUntil: offer.validUntil,
      quotedAt: offer.quotedAt,
      quotedBy: offer.quotedBy,
      acceptedOption: offer.acceptedOption,
      closedReason: offer.closedReason,
      orderId: offer.orderId,
      startTime: offer.availabilityType === "START_TIME",
    },
  };
}
