import { useTranslation } from "react-i18next";
import { describeCancellationPolicy, type PolicyWindow } from "#app/catalogue/detail-page";
import type { CancellationPolicy } from "#app/db/types";
import { formatUnit } from "#app/i18n/format";
import { useLocale } from "#app/i18n/use-locale";

/** "1 day", "24 hours", "30 minutes" in the page's language. */
export function useFormatWindow(): (window: PolicyWindow) => string {
  const { code } = useLocale();
  return (window) => formatUnit(code, window.value, window.unit);
}

/** The cancellation policy in words: free until …, penalty tiers, or non-refundable. */
export function PolicyText({ policy }: { policy: CancellationPolicy }) {
  const { t } = useTranslation();
  const formatWindow = useFormatWindow();
  const lines = describeCancellationPolicy(policy);
  return (
    <ul className="policy-text">
      {lines.map((line, index) => {
        const text =
          line.kind === "nonRefundable"
            ? t("detail.policy.nonRefundable")
            : line.kind === "free"
              ? line.window.value === 0
                ? t("detail.policy.freeAnyTime")
                : t("detail.policy.free", { window: formatWindow(line.window) })
              : line.kind === "penalty"
                ? line.window.value === 0
                  ? t("detail.policy.penaltyAnyTime", { percent: line.percent })
                  : t("detail.policy.penalty", { window: formatWindow(line.window), percent: line.percent })
                : t("detail.policy.fullPenalty", { window: formatWindow(line.window) });
        return (
          <li key={index} className={line.kind === "free" ? "policy-text__free" : undefined}>
            {text}
          </li>
        );
      })}
    </ul>
  );
}
