/**
 * The booking engine as commerce sees it. One indirection over getBookingApi() so tests can run the
 * whole order flow against an engine with their own clock (the engine's API has no clock argument).
 */
import { getBookingApi, type BookingApi } from "#app/booking/booking.server";

let override: BookingApi | undefined;

export function commerceBookingApi(): Promise<BookingApi> {
  return override ? Promise.resolve(override) : getBookingApi();
}

export function setCommerceBookingApiForTests(api: BookingApi | undefined): void {
  override = api;
}
