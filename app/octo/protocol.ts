/**
 * The parts of the OCTO wire protocol both directions share: header names, the capabilities this
 * supplier implements, content-language negotiation and the error body. No server-only imports, so
 * the HTTP client (client.server.ts) and the supplier handlers agree on one definition.
 */
import { CapabilityId, type Capability } from "@octocloud/types";
import { LOCALE_CODES, type LocaleCode } from "#app/lib/locales";
import type { BookingErrorCode } from "#app/booking/types";
import { CodedError } from "#app/lib/coded-error";

export const OCTO_CAPABILITIES_HEADER = "Octo-Capabilities";

/** Where the supplier API is mounted on a Rihla origin. */
export const OCTO_API_PATH = "/octo/v1";

/** Capabilities this supplier implements; a request opts into them with the Octo-Capabilities header. */
export const SUPPORTED_CAPABILITIES: readonly Capability[] = [
  { id: CapabilityId.OCTO_CONTENT, revision: 1, required: false, dependencies: [], docs: "https://docs.octo.travel/octo-api-core/content" },
  { id: CapabilityId.OCTO_PRICING, revision: 1, required: false, dependencies: [], docs: "https://docs.octo.travel/octo-api-core/pricing" },
  { id: CapabilityId.OCTO_PICKUPS, revision: 1, required: false, dependencies: [], docs: "https://docs.octo.travel/octo-api-core/pickups" },
  { id: CapabilityId.OCTO_QUESTIONS, revision: 1, required: false, dependencies: [], docs: "https://docs.ventrata.com/capabilities/questions" },
];

const SUPPORTED_IDS = new Set<string>(SUPPORTED_CAPABILITIES.map((capability) => capability.id));

/** The supported capabilities named in an Octo-Capabilities header, in our canonical order; unknown ones are ignored. */
export function parseCapabilities(header: string | null | undefined): CapabilityId[] {
  const asked = new Set((header ?? "").split(",").map((part) => part.trim()).filter(Boolean));
  return SUPPORTED_CAPABILITIES.map((capability) => capability.id).filter((id) => asked.has(id) && SUPPORTED_IDS.has(id));
}

/** Content languages, as sent in Content-Language / Available-Languages (BCP 47 primary tags). */
export const OCTO_LANGUAGES: readonly LocaleCode[] = LOCALE_CODES;

/**
 * The best of our languages for an Accept-Language header (RFC 9110 q-values; "ar-SA" matches "ar",
 * "*" or nothing usable means English).
 */
export function negotiateLanguage(header: string | null | undefined): LocaleCode {
  const ranges = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=(.*?)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      // A malformed weight makes the range unusable rather than preferred.
      const quality = q === undefined ? 1 : /^[01](\.\d{0,3})?$/.test(q) ? Number(q) : 0;
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.primary && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    if (range.primary === "*") return "en";
    const match = OCTO_LANGUAGES.find((code) => code === range.primary);
    if (match) return match;
  }
  return "en";
}

/** OCTO's codes: those the booking engine refuses with too (app/booking/types.ts), then the protocol's own. */
export type OctoErrorCode =
  | Extract<BookingErrorCode, `INVALID_${string}_ID` | "INVALID_BOOKING_UUID" | "BAD_REQUEST" | "UNPROCESSABLE_ENTITY">
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  /** Not one of OCTO's codes: OCTO leaves rate limiting to the supplier; the status (429) and Retry-After say it. */
  | "TOO_MANY_REQUESTS"
  | "INTERNAL_SERVER_ERROR";

/** OCTO's error body: `error`, `errorMessage`, and the offending id (`productId`, `unitId`, …). */
export type OctoErrorBody = { error: OctoErrorCode; errorMessage: string } & Record<string, unknown>;

/** A refusal in OCTO's shape. OCTO answers every client error with 400, except missing (401) and refused (403) keys; over the rate limit is 429. */
export class OctoError extends CodedError<OctoErrorCode> {
  get status(): number {
    if (this.code === "UNAUTHORIZED") return 401;
    if (this.code === "FORBIDDEN") return 403;
    if (this.code === "TOO_MANY_REQUESTS") return 429;
    if (this.code === "INTERNAL_SERVER_ERROR") return 500;
    return 400;
  }
}
