/**
 * A custom offer's life: requested (RECEIVED) → QUOTED → ACCEPTED → PAID, or DECLINED / EXPIRED /
 * WITHDRAWN. One table says which moves exist; every change of an offer's status goes through
 * `canMove`, and the update that makes it is conditional on the status it moves from.
 */
export const OFFER_STATUSES = ["RECEIVED", "QUOTED", "ACCEPTED", "PAID", "DECLINED", "EXPIRED", "WITHDRAWN"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export type OfferMove = "quote" | "accept" | "decline" | "expire" | "withdraw" | "pay" | "reopen";

/** from → move → to. Anything not listed is refused. */
export const OFFER_TRANSITIONS: Record<OfferStatus, Partial<Record<OfferMove, OfferStatus>>> = {
  RECEIVED: { quote: "QUOTED", withdraw: "WITHDRAWN", expire: "EXPIRED" },
  // A quote may be revised (quoted again) until the customer answers.
  QUOTED: { quote: "QUOTED", accept: "ACCEPTED", decline: "DECLINED", expire: "EXPIRED", withdraw: "WITHDRAWN" },
  // Accepted: seats are held and an order awaits payment; if that order fails, the quote is open again.
  ACCEPTED: { pay: "PAID", reopen: "QUOTED", expire: "EXPIRED" },
  PAID: {},
  DECLINED: {},
  EXPIRED: {},
  WITHDRAWN: {},
};

export function isOfferStatus(value: unknown): value is OfferStatus {
  return typeof value === "string" && (OFFER_STATUSES as readonly string[]).includes(value);
}

/** The status `move` leads to from `from`, or null when the move is illegal. */
export function nextOfferStatus(from: string, move: OfferMove): OfferStatus | null {
  if (!isOfferStatus(from)) return null;
  return OFFER_TRANSITIONS[from][move] ?? null;
}

/** The statuses from which `move` is legal (for the conditional UPDATE … WHERE status IN …). */
export function offerStatusesAllowing(move: OfferMove): OfferStatus[] {
  return OFFER_STATUSES.filter((status) => OFFER_TRANSITIONS[status][move] !== undefined);
}

export function isFinalOfferStatus(status: string): boolean {
  return isOfferStatus(status) && Object.keys(OFFER_TRANSITIONS[status]).length === 0;
}
