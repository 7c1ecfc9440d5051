/** Live availability of a product's option, through the BookingApi (never cached, never from the catalogue index). */
import { asc, desc, eq } from "drizzle-orm";
import type { BookingApi } from "#app/booking/types";
import type { Catalogue } from "#app/catalogue/catalogue.server";
import * as schema from "#app/db/schema";
import type { CurrencyCode } from "#app/lib/money";

/** What availability needs: the catalogue (for the default option) and the live BookingApi. */
export type AvailabilityDeps = { catalogue: Catalogue; bookingApi: Pick<BookingApi, "availabilityCalendar" | "checkAvailability"> };

/**
 * A calendar (one entry per local date) or, with a single date, that day's slots, with vacancies and
 * prices in the visitor's currency. Availability comes through the BookingApi, so it is always live.
 */
export async function getAvailabilityCalendar(deps: AvailabilityDeps, productId: string, optionId: string | undefined, from: string, to: string, currency?: CurrencyCode) {
  const api = deps.bookingApi;
  const resolvedOption = optionId ?? (await defaultOptionId(deps.catalogue, productId));
  return api.availabilityCalendar({ productId, optionId: resolvedOption, localDateStart: from, localDateEnd: to, currency: currency ?? null });
}

export async function getAvailability(
  deps: AvailabilityDeps,
  productId: string,
  optionId: string | undefined,
  dates: { from: string; to?: string },
  options: { currency?: CurrencyCode; units?: Array<{ id: string; quantity: number }> } = {},
) {
  const api = deps.bookingApi;
  const resolvedOption = optionId ?? (await defaultOptionId(deps.catalogue, productId));
  return api.checkAvailability({
    productId,
    optionId: resolvedOption,
    localDateStart: dates.from,
    localDateEnd: dates.to ?? dates.from,
    units: options.units,
    currency: options.currency ?? null,
  });
}

async function defaultOptionId(catalogue: Catalogue, productId: string): Promise<string> {
  const [option] = await catalogue.db
    .select({ id: schema.productOptions.id })
    .from(schema.productOptions)
    .where(eq(schema.productOptions.productId, productId))
    .orderBy(desc(schema.productOptions.isDefault), asc(schema.productOptions.sortOrder))
    .limit(1);
  return option?.id ?? "";
}
