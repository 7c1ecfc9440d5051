import { useTranslation } from "react-i18next";
import type { ErasureBlocker } from "#app/account/personal-data.server";
import { useFormatLocalDate } from "#app/i18n/use-format";

/** Why an erasure stopped: each booking still to come that cannot be cancelled now, with its reason (the account's deletion and a guest's). */
export function ErasureBlockers({ message, blockers }: { message: string; blockers: ErasureBlocker[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate("long");
  return (
    <div className="notice notice--warning" role="alert">
      <p>{message}</p>
      <ul>
        {blockers.map((blocker) => (
          <li key={`${blocker.reference}-${blocker.localDate}`}>
            <strong>{blocker.title}</strong> · {formatDate(blocker.localDate)} · <span dir="ltr">{blocker.reference}</span> — {t(`pages.deleteAccount.reason.${blocker.reason}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
