/** One month of an option's availability calendar, shaped for the detail page's JavaScript calendar. */
import type { AvailabilityCalendar } from "@octocloud/types";
import { isBookingError, type BookingApi } from "#app/booking/types";
import { getAvailabilityCalendar } from "#app/catalogue/live-availability.server";
import { z } from "zod";
import { CURRENCIES } from "#app/lib/money";
import { monthRange, type AvailabilityMonthQuery, type CalendarDay, type CalendarMonth } from "./detail-page";
import type { Catalogue } from "./catalogue.server";
import type { ContentService } from "#app/content/content.server";

type App = { catalogue: Catalogue; content: ContentService; bookingApi: BookingApi };

/** `?product=&option=&month=YYYY-MM&currency=` of the availability calendar resource route. */
// Zod stays on the server: detail-page.ts is shipped to the browser.
export const AvailabilityMonthQuerySchema: z.ZodType<AvailabilityMonthQuery> = z.object({
  product: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  option: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,80}$/)
    .optional(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  currency: z.enum(CURRENCIES).optional(),
});


type Result = { ok: true; month: CalendarMonth } | { ok: false; status: 400 | 404; error: string };

/** The lowest retail price of a day: the per-booking "from" price, or the cheapest paid unit. */
function lowestPrice(day: AvailabilityCalendar): CalendarDay["from"] {
  if (day.pricingFrom && day.pricingFrom.retail > 0) return { amount: day.pricingFrom.retail, currency: day.pricingFrom.currency };
  const paid = (day.unitPricingFrom ?? []).filter((price) => price.retail > 0);
  if (paid.length === 0) return null;
  const cheapest = paid.reduce((low, price) => (price.retail < low.retail ? price : low));
  return { amount: cheapest.retail, currency: cheapest.currency };
}

export async function loadAvailabilityMonth(app: App, query: AvailabilityMonthQuery): Promise<Result> {
  const { from, to } = monthRange(query.month);
  try {
    const days = await getAvailabilityCalendar(app, query.product, query.option, from, to, query.currency);
    return {
      ok: true,
      month: {
        month: query.month,
        days: days.map((day) => ({ date: day.localDate, available: day.available, status: day.status, vacancies: day.vacancies, from: day.available ? lowestPrice(day) : null })),
      },
    };
  } catch (error) {
    if (isBookingError(error)) return { ok: false, status: error.code.startsWith("INVALID_") ? 404 : 400, error: error.code };
    throw error;
  }
}
