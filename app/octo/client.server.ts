/**
 * A BookingApi that is an OCTO HTTP client: the storefront books with an external OCTO supplier
 * (another Rihla, or any OCTO-conformant system) instead of the embedded engine. Chosen in
 * the composition root when BOOKING_API_URL is set. Responses are validated with @octocloud/types'
 * zod schemas, so a supplier that breaks the contract fails loudly here, not in a page.
 */
import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zProduct,
  type Availability,
  type AvailabilityCalendar,
  type AvailabilityCalendarBody,
  type AvailabilityCheckBody,
  type Booking,
  type BookingCancellationBody,
  type BookingConfirmationBody,
  type Product,
} from "@octocloud/types";
import { LRUCache } from "lru-cache";
import { quoteRefund, type RefundQuote } from "#app/booking/policy";
import { BookingError, type BookingApi, type BookingErrorCode, type CancelOptions, type OctoBooking, type RebookChange, type ReserveBody } from "#app/booking/types";
import type { CancellationPolicy } from "#app/db/types";
import { cancellationPolicyFromCutoff } from "./policy";
import { OCTO_CAPABILITIES_HEADER } from "./protocol";

export interface OctoClientOptions {
  /** The supplier's OCTO base URL, e.g. https://supplier.example/octo/v1 */
  baseUrl: string;
  apiKey: string;
  /** Capabilities to initialise; pricing is what the storefront needs to sell. */
  capabilities?: string[];
  /** Accept-Language for content (octo/content). */
  language?: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** Thrown when the supplier cannot be reached or refuses our key: not the customer's fault, so not a BookingError. */
export class OctoSupplierError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "OctoSupplierError";
  }
}

const ENGINE_CODES = new Set<string>([
  "INVALID_PRODUCT_ID",
  "INVALID_OPTION_ID",
  "INVALID_UNIT_ID",
  "INVALID_AVAILABILITY_ID",
  "INVALID_BOOKING_UUID",
  "BAD_REQUEST",
  "UNPROCESSABLE_ENTITY",
  "NOT_ENOUGH_VACANCIES",
  "AVAILABILITY_CLOSED",
  "BOOKING_EXPIRED",
  "INVALID_BOOKING_STATUS",
  "NO_FIXED_PRICE",
  "UUID_CONFLICT",
  "CUTOFF_PASSED",
  "BOOKING_REDEEMED",
]);

/**
 * A response schema. @octocloud/types' zod schemas infer string unions where its TypeScript types
 * declare enums with the same values, so the caller names the type and the schema checks the shape.
 */
type ResponseSchema = { parse(input: unknown): unknown };

export class OctoHttpBookingApi implements BookingApi {
  private readonly baseUrl: string;
  private readonly now: () => Date;
  private readonly products = new LRUCache<string, Product>({ max: 2000, ttl: 5 * 60_000 });

  constructor(private readonly options: OctoClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.now = options.now ?? (() => new Date());
  }

  /** One OCTO call; OCTO errors become BookingErrors (the engine's code survives in `reason` from a Rihla supplier). */
  async request<T>(method: string, path: string, schema: ResponseSchema, body?: unknown, headers: Record<string, string> = {}): Promise<{ data: T; headers: Headers }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.options.apiKey}`,
          [OCTO_CAPABILITIES_HEADER]: (this.options.capabilities ?? ["octo/pricing"]).join(", "),
          "Accept-Language": this.options.language ?? "en",
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new OctoSupplierError(`OCTO supplier unreachable: ${(error as Error).message}`, null);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      throw new OctoSupplierError(`OCTO supplier answered ${response.status} with a body that is not JSON`, response.status, text.slice(0, 500));
    }
    if (!response.ok) throw this.toError(response.status, json);
    return { data: schema.parse(json) as T, headers: response.headers };
  }

  private toError(status: number, json: unknown): Error {
    const body = (json ?? {}) as { error?: unknown; errorMessage?: unknown; reason?: unknown } & Record<string, unknown>;
    const code = typeof body.error === "string" ? body.error : "";
    const message = typeof body.errorMessage === "string" ? body.errorMessage : `OCTO supplier error ${status}`;
    if (status === 400 && ENGINE_CODES.has(code)) {
      const { error: _error, errorMessage: _message, reason, ...details } = body;
      // A Rihla supplier says which rule refused (NOT_ENOUGH_VACANCIES, …); keep it so the storefront words it the same.
      const precise = typeof reason === "string" && ENGINE_CODES.has(reason) ? reason : code;
      return new BookingError(precise as BookingErrorCode, message, details);
    }
    return new OctoSupplierError(`OCTO supplier refused the call (${status} ${code || "unknown"}): ${message}`, status, json);
  }

  checkAvailability(body: AvailabilityCheckBody): Promise<Availability[]> {
    return this.request<Availability[]>("POST", "/availability", zAvailability.array(), body).then((result) => result.data);
  }

  availabilityCalendar(body: AvailabilityCalendarBody): Promise<AvailabilityCalendar[]> {
    return this.request<AvailabilityCalendar[]>("POST", "/availability/calendar", zAvailabilityCalendar.array(), body).then((result) => result.data);
  }

  /** A supplier booking with the figures the storefront expects of an OctoBooking. */
  private toOctoBooking(raw: unknown): OctoBooking {
    const booking = zBooking.parse(raw) as unknown as Booking;
    const extra = (raw ?? {}) as { localDateTimeStart?: unknown; cancellation?: { refundAmount?: unknown; penaltyPercent?: unknown } | null };
    const total = booking.pricing?.retail ?? 0;
    const currency = booking.pricing?.currency ?? "";
    let cancellation: OctoBooking["cancellation"] = null;
    if (booking.cancellation) {
      // Another Rihla sends the refund it made; any other supplier only says FULL, PARTIAL or NONE.
      const refundAmount =
        typeof extra.cancellation?.refundAmount === "number" ? extra.cancellation.refundAmount : booking.cancellation.refund === "FULL" ? total : 0;
      const penaltyPercent =
        typeof extra.cancellation?.penaltyPercent === "number" ? extra.cancellation.penaltyPercent : total > 0 ? Math.round(((total - refundAmount) / total) * 100) : 0;
      cancellation = { ...booking.cancellation, refundAmount, penaltyPercent, currency };
    }
    return {
      ...booking,
      cancellation,
      localDateTimeStart: typeof extra.localDateTimeStart === "string" ? extra.localDateTimeStart : (booking.availability?.localDateTimeStart ?? booking.availabilityId ?? ""),
    };
  }

  private bookingCall(method: string, path: string, body?: unknown): Promise<OctoBooking> {
    return this.request<OctoBooking>(method, path, { parse: (input: unknown) => this.toOctoBooking(input) }, body).then((result) => result.data);
  }

  /** `testMode` is the supplier's to decide (by our key), so it is not sent. */
  reserve({ testMode: _testMode, ...body }: ReserveBody): Promise<OctoBooking> {
    return this.bookingCall("POST", "/bookings", body);
  }

  confirm(uuid: string, body: BookingConfirmationBody): Promise<OctoBooking> {
    return this.bookingCall("POST", `/bookings/${encodeURIComponent(uuid)}/confirm`, { ...body, contact: body.contact ?? {} });
  }

  extendReservation(uuid: string, expirationMinutes: number): Promise<OctoBooking> {
    return this.bookingCall("POST", `/bookings/${encodeURIComponent(uuid)}/extend`, { expirationMinutes });
  }

  /** The supplier applies its own cutoff (OCTO refuses a cancellation past it), so `options` has nothing to add. */
  cancel(uuid: string, body: BookingCancellationBody = {}, _options?: CancelOptions): Promise<OctoBooking> {
    return this.bookingCall("POST", `/bookings/${encodeURIComponent(uuid)}/cancel`, body);
  }

  /** OCTO's PATCH /bookings/{uuid}: the supplier moves the booking (date, units, option, product) under the same uuid. */
  rebook(uuid: string, change: RebookChange, _options?: CancelOptions): Promise<OctoBooking> {
    return this.bookingCall("PATCH", `/bookings/${encodeURIComponent(uuid)}`, change);
  }

  async getBooking(uuid: string): Promise<OctoBooking | null> {
    try {
      return await this.bookingCall("GET", `/bookings/${encodeURIComponent(uuid)}`);
    } catch (error) {
      if (error instanceof BookingError && error.code === "INVALID_BOOKING_UUID") return null;
      throw error;
    }
  }

  /** The supplier's product (cached for five minutes: cutoffs change rarely). */
  async getProduct(productId: string): Promise<Product> {
    const cached = this.products.get(productId);
    if (cached) return cached;
    const { data } = await this.request<Product>("GET", `/products/${encodeURIComponent(productId)}`, zProduct);
    this.products.set(productId, data);
    return data;
  }

  /**
   * OCTO has no refund quote: from the option's cancellation cutoff, a cancellation before it is free
   * and one after it is refused by the supplier (shown as no refund). Holds and requests cost nothing.
   */
  async quoteCancellation(uuid: string): Promise<RefundQuote & { currency: string; total: number }> {
    const booking = await this.getBooking(uuid);
    if (!booking) throw new BookingError("INVALID_BOOKING_UUID", `Unknown booking ${uuid}`, { uuid });
    const total = booking.pricing?.retail ?? 0;
    const currency = booking.pricing?.currency ?? "";
    if (booking.status === "ON_HOLD" || booking.status === "PENDING") return { penaltyPercent: 0, refundAmount: total, refund: "FULL", rule: null, currency, total };
    const product = await this.getProduct(booking.productId);
    const option = product.options.find((candidate) => candidate.id === booking.optionId);
    const policy: CancellationPolicy = option ? cancellationPolicyFromCutoff(option.cancellationCutoffAmount, option.cancellationCutoffUnit) : { nonRefundable: true, rules: [] };
    const startAt = new Date(booking.availability?.localDateTimeStart ?? booking.localDateTimeStart);
    const quote = Number.isNaN(startAt.getTime()) ? { penaltyPercent: 100, refundAmount: 0, refund: "NONE" as const, rule: null } : quoteRefund(policy, total, startAt, this.now());
    return { ...quote, currency, total };
  }

  /** The supplier expires its own holds. */
  async expireHolds(): Promise<number> {
    return 0;
  }
}
