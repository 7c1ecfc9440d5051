/**
 * /octo/v1/* — the embedded booking engine as an OCTO supplier. One router for every endpoint: it
 * authenticates the reseller, negotiates capabilities and language, calls a handler, and answers
 * JSON with `Cache-Control: no-store`. Errors use OCTO's body; bad input is a 4xx, never a 5xx.
 */
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "#app/db/outage.server";
import { CapabilityId } from "@octocloud/types";
import { isBookingError, type BookingError, type BookingApi } from "#app/booking/types";
import type { Database } from "#app/db/db.server";
import type { Env } from "#app/lib/env.server";
import type { LocaleCode } from "#app/db/types";
import { authenticate, countKeyRequest } from "./auth.server";
import * as handlers from "./handlers.server";
import type { OctoCall, OctoContext } from "./handlers.server";
import { negotiateLanguage, OCTO_API_PATH, OCTO_CAPABILITIES_HEADER, OCTO_LANGUAGES, OctoError, parseCapabilities } from "./protocol";

export type { OctoContext } from "./handlers.server";

/** Where the API is mounted. */
export const OCTO_BASE_PATH = OCTO_API_PATH;

/** Request bodies larger than this are refused before parsing (a reservation is a few kilobytes). */
const MAX_BODY_BYTES = 256 * 1024;

/** The supplier's context, from the app context: its database and its BookingApi. */
export function octoContextOf(app: { db: Database; bookingApi: BookingApi; env: Env }): OctoContext {
  return {
    db: app.db,
    engine: app.bookingApi,
    holdMinutes: app.env.BOOKING_HOLD_MINUTES,
    secret: app.env.SESSION_SECRET,
    siteUrl: app.env.SITE_URL,
    rateLimitPerMinute: app.env.OCTO_RATE_LIMIT_PER_MINUTE,
  };
}

/** The engine's refusals in OCTO's vocabulary; the engine's own code stays in `reason` for support. */
function fromBookingError(error: BookingError): OctoError {
  const body = error.toJSON();
  const { error: _code, errorMessage: _message, ...details } = body;
  switch (error.code) {
    case "INVALID_PRODUCT_ID":
    case "INVALID_OPTION_ID":
    case "INVALID_UNIT_ID":
    case "INVALID_AVAILABILITY_ID":
    case "INVALID_BOOKING_UUID":
    case "BAD_REQUEST":
    case "UNPROCESSABLE_ENTITY":
      return new OctoError(error.code, error.message, details);
    case "UUID_CONFLICT":
      // OCTO has no conflict error: the uuid is invalid for this reservation (ErrorInvalidBookingUuid).
      return new OctoError("INVALID_BOOKING_UUID", error.message, { uuid: "", ...details, reason: error.code });
    default:
      // NOT_ENOUGH_VACANCIES, AVAILABILITY_CLOSED, BOOKING_EXPIRED, INVALID_BOOKING_STATUS, NO_FIXED_PRICE, CUTOFF_PASSED, BOOKING_REDEEMED
      return new OctoError("UNPROCESSABLE_ENTITY", error.message, { ...details, reason: error.code });
  }
}

async function readJson(request: Request): Promise<unknown> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) throw new OctoError("BAD_REQUEST", "Request body too large");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new OctoError("BAD_REQUEST", "Request body too large");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OctoError("BAD_REQUEST", "The request body is not valid JSON");
  }
}

type Route = (call: OctoCall, request: Request, params: string[]) => Promise<unknown> | unknown;

/** [method, path pattern (segments after /octo/v1; ":" = a parameter), handler]. */
const ROUTES: Array<[string, string[], Route]> = [
  ["GET", ["capabilities"], () => handlers.getCapabilities()],
  ["GET", ["supplier"], (call) => handlers.getSupplier(call)],
  ["GET", ["products"], (call) => handlers.getProducts(call)],
  ["GET", ["products", ":"], (call, _request, [id]) => handlers.getProduct(call, id!)],
  ["POST", ["availability", "calendar"], async (call, request) => handlers.availabilityCalendar(call, await readJson(request))],
  ["POST", ["availability"], async (call, request) => handlers.checkAvailability(call, await readJson(request))],
  ["GET", ["bookings"], (call, request) => handlers.listBookings(call, new URL(request.url).searchParams)],
  ["POST", ["bookings"], async (call, request) => handlers.reserve(call, await readJson(request))],
  ["GET", ["bookings", ":"], (call, _request, [uuid]) => handlers.getBooking(call, uuid!)],
  ["PATCH", ["bookings", ":"], async (call, request, [uuid]) => handlers.update(call, uuid!, await readJson(request))],
  ["POST", ["bookings", ":", "confirm"], async (call, request, [uuid]) => handlers.confirm(call, uuid!, await readJson(request))],
  ["POST", ["bookings", ":", "extend"], async (call, request, [uuid]) => handlers.extend(call, uuid!, await readJson(request))],
  ["POST", ["bookings", ":", "cancel"], async (call, request, [uuid]) => handlers.cancel(call, uuid!, await readJson(request))],
];

function match(segments: string[]): Array<{ method: string; route: Route; params: string[] }> {
  const found: Array<{ method: string; route: Route; params: string[] }> = [];
  for (const [method, pattern, route] of ROUTES) {
    if (pattern.length !== segments.length) continue;
    const params: string[] = [];
    if (pattern.every((part, index) => (part === ":" ? (params.push(segments[index]!), true) : part === segments[index]))) found.push({ method, route, params });
  }
  return found;
}

function respond(body: unknown, status: number, capabilities: readonly CapabilityId[], locale: LocaleCode | null, extra: Record<string, string> = {}): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", [OCTO_CAPABILITIES_HEADER]: capabilities.join(", "), ...extra });
  if (locale && capabilities.includes(CapabilityId.OCTO_CONTENT)) {
    headers.set("Content-Language", locale);
    headers.set("Available-Languages", OCTO_LANGUAGES.join(", "));
  }
  return new Response(JSON.stringify(body), { status, headers });
}

/** Answers one OCTO request; `request.url` may carry any prefix before /octo/v1. */
export async function handleOctoRequest(request: Request, context: OctoContext): Promise<Response> {
  const capabilities = parseCapabilities(request.headers.get(OCTO_CAPABILITIES_HEADER));
  const locale = negotiateLanguage(request.headers.get("Accept-Language"));
  try {
    const pathname = new URL(request.url).pathname;
    const at = pathname.indexOf(OCTO_BASE_PATH);
    const rest = at === -1 ? "" : pathname.slice(at + OCTO_BASE_PATH.length);
    let segments: string[];
    try {
      segments = rest.split("/").filter(Boolean).map((segment) => decodeURIComponent(segment));
    } catch {
      throw new OctoError("BAD_REQUEST", "Malformed path");
    }
    const candidates = match(segments);
    const method = request.method.toUpperCase();
    const chosen = candidates.find((candidate) => candidate.method === method || (method === "HEAD" && candidate.method === "GET"));
    if (!chosen) {
      if (candidates.length > 0) {
        const allowed = [...new Set(candidates.map((candidate) => candidate.method))].join(", ");
        return respond({ error: "BAD_REQUEST", errorMessage: `Use ${allowed} for this endpoint` }, 405, capabilities, null, { Allow: allowed });
      }
      return respond({ error: "BAD_REQUEST", errorMessage: `No OCTO endpoint at ${pathname}` }, 404, capabilities, null);
    }
    const reseller = await authenticate(context.db, request);
    const decision = await countKeyRequest(context.db, reseller, context.rateLimitPerMinute);
    if (!decision.allowed) {
      throw new OctoError("TOO_MANY_REQUESTS", `Rate limit exceeded: at most ${reseller.rateLimitPerMinute ?? context.rateLimitPerMinute} requests a minute; retry after ${decision.retryAfterSeconds} s`, {
        retryAfter: decision.retryAfterSeconds,
      });
    }
    const body = await chosen.route({ context, reseller, capabilities, locale, origin: new URL(request.url).origin }, request, chosen.params);
    return respond(body, 200, capabilities, locale);
  } catch (error) {
    const octo = error instanceof OctoError ? error : isBookingError(error) ? fromBookingError(error) : null;
    if (octo) {
      const extra: Record<string, string> = {};
      if (octo.status === 401) extra["WWW-Authenticate"] = 'Bearer realm="octo"';
      if (octo.status === 429) extra["Retry-After"] = String(octo.details.retryAfter ?? 60);
      return respond(octo.toJSON(), octo.status, capabilities, locale, extra);
    }
    if (isDatabaseUnavailable(error)) {
      console.error("[octo] database unavailable", (error as Error).message);
      return respond({ error: "INTERNAL_SERVER_ERROR", errorMessage: `Temporarily unavailable; please retry after ${DATABASE_RETRY_AFTER_SECONDS} seconds` }, 503, capabilities, locale, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    console.error("[octo] unexpected error", error);
    return respond({ error: "INTERNAL_SERVER_ERROR", errorMessage: "There was an unrecoverable error; please try again" }, 500, capabilities, locale);
  }
}
