/** Cancellation refunds from a product's policy: pure, so the rules are tested on their own. */
import type { CancellationPolicy, CancellationRule } from "#app/db/types";
import { percentOf } from "#app/lib/money";

export interface RefundQuote {
  /** Percentage of the total kept as a penalty. */
  penaltyPercent: number;
  /** Minor units returned to the customer. */
  refundAmount: number;
  refund: "FULL" | "PARTIAL" | "NONE";
  /** The rule that applied, or null (non-refundable, started, or too late for every rule). */
  rule: CancellationRule | null;
}

export const ruleMinutes = (rule: CancellationRule) => rule.days * 1440 + rule.hours * 60 + rule.minutes;

/**
 * The refund for cancelling at `now` a booking that starts at `startAt`. Each rule reads "cancel at
 * least D days, H hours, M minutes before the start and pay P %"; the rule with the longest window
 * the cancellation still meets applies. Past every window, after the start, or on a non-refundable
 * policy the penalty is 100 %.
 */
export function quoteRefund(policy: CancellationPolicy, total: number, startAt: Date, now: Date): RefundQuote {
  const minutesBefore = (startAt.getTime() - now.getTime()) / 60_000;
  let rule: CancellationRule | null = null;
  if (!policy.nonRefundable && minutesBefore > 0) {
    for (const candidate of policy.rules) {
      if (minutesBefore >= ruleMinutes(candidate) && (rule === null || ruleMinutes(candidate) > ruleMinutes(rule))) rule = candidate;
    }
  }
  const penaltyPercent = rule ? Math.min(100, Math.max(0, rule.penaltyPercent)) : 100;
  const refundAmount = total - percentOf(total, penaltyPercent);
  return { penaltyPercent, refundAmount, refund: refundAmount >= total ? "FULL" : refundAmount > 0 ? "PARTIAL" : "NONE", rule };
}

/** The latest moment a free cancellation is possible, or null when the policy never refunds in full. */
export function freeCancellationUntil(policy: CancellationPolicy, startAt: Date): Date | null {
  if (policy.nonRefundable) return null;
  const free = policy.rules.filter((rule) => rule.penaltyPercent === 0);
  if (free.length === 0) return null;
  const shortest = Math.min(...free.map(ruleMinutes));
  return new Date(startAt.getTime() - shortest * 60_000);
}

/**
 * OCTO's cancellation cutoff of a policy, in minutes before the start: the shortest free-cancellation
 * window (0 when no rule is free, i.e. the cutoff is the start itself).
 */
export function cancellationCutoffMinutes(policy: CancellationPolicy): number {
  const free = policy.nonRefundable ? [] : policy.rules.filter((rule) => rule.penaltyPercent === 0);
  return free.length === 0 ? 0 : Math.min(...free.map(ruleMinutes));
}

/**
 * Whether a confirmed booking starting at `startAt` may still be cancelled or changed by a reseller at
 * `now`: up to and including the cutoff instant (as a free-cancellation rule's window includes its
 * boundary), and never once it has started.
 */
export function beforeCancellationCutoff(policy: CancellationPolicy, startAt: Date, now: Date): boolean {
  const cutoffAt = startAt.getTime() - cancellationCutoffMinutes(policy) * 60_000;
  return now.getTime() <= cutoffAt && now.getTime() < startAt.getTime();
}
