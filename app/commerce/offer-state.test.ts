import { isFinalOfferStatus, nextOfferStatus, OFFER_STATUSES, offerStatusesAllowing, type OfferMove, type OfferStatus } from "./offer-state";

const MOVES: OfferMove[] = ["quote", "accept", "decline", "expire", "withdraw", "pay", "reopen"];

/** The legal moves, written out again: the table test below refuses everything else. */
const LEGAL: Array<[OfferStatus, OfferMove, OfferStatus]> = [
  ["RECEIVED", "quote", "QUOTED"],
  ["RECEIVED", "withdraw", "WITHDRAWN"],
  ["RECEIVED", "expire", "EXPIRED"],
  ["QUOTED", "quote", "QUOTED"],
  ["QUOTED", "accept", "ACCEPTED"],
  ["QUOTED", "decline", "DECLINED"],
  ["QUOTED", "expire", "EXPIRED"],
  ["QUOTED", "withdraw", "WITHDRAWN"],
  ["ACCEPTED", "pay", "PAID"],
  ["ACCEPTED", "reopen", "QUOTED"],
  ["ACCEPTED", "expire", "EXPIRED"],
];

describe("offer state machine", () => {
  const cases = OFFER_STATUSES.flatMap((from) => MOVES.map((move) => [from, move] as const));
  test.each(cases)("%s --%s-->", (from, move) => {
    const legal = LEGAL.find(([f, m]) => f === from && m === move);
    expect(nextOfferStatus(from, move)).toBe(legal ? legal[2] : null);
  });

  test("paid, declined, expired and withdrawn are final", () => {
    expect(OFFER_STATUSES.filter(isFinalOfferStatus)).toEqual(["PAID", "DECLINED", "EXPIRED", "WITHDRAWN"]);
  });

  test("an unknown status moves nowhere", () => {
    expect(nextOfferStatus("OFFERED", "accept")).toBeNull();
  });

  test("the statuses a conditional update may move from", () => {
    expect(offerStatusesAllowing("accept")).toEqual(["QUOTED"]);
    expect(offerStatusesAllowing("expire")).toEqual(["RECEIVED", "QUOTED", "ACCEPTED"]);
  });
});
