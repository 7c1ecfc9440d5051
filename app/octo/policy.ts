/** Cancellation rules between OCTO's single cutoff and Rihla's tiered policies. */
import { DurationUnit } from "@octocloud/types";
import type { CancellationPolicy } from "#app/db/types";

/** OCTO's cancellation cutoff as a Rihla policy: free until the cutoff, no refund after it. */
export function cancellationPolicyFromCutoff(amount: number, unit: DurationUnit | string): CancellationPolicy {
  const minutes = amount * (unit === DurationUnit.DAY ? 1440 : unit === DurationUnit.HOUR ? 60 : 1);
  const window = { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
  if (minutes <= 0) return { nonRefundable: false, rules: [{ days: 0, hours: 0, minutes: 0, penaltyPercent: 0 }] };
  return { nonRefundable: false, rules: [{ ...window, penaltyPercent: 0 }, { days: 0, hours: 0, minutes: 0, penaltyPercent: 100 }] };
}
