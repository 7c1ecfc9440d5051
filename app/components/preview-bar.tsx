import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Shown on every storefront page while this browser is in preview mode (drafts): says so, and ends it.
 * A plain link, not a Remix <Link>: the exit clears a cookie and reloads the page from the server,
 * with or without JavaScript.
 */
export function PreviewBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const href = `/api/preview-mode/disable?redirectTo=${encodeURIComponent(pathname + search)}`;
  return (
    <aside className="preview-bar" aria-label={t("site.preview.label")}>
      <strong className="preview-bar__label">{t("site.preview.label")}</strong>
      <span className="preview-bar__text">{t("site.preview.description")}</span>
      <a className="preview-bar__exit" href={href} rel="nofollow">
        {t("site.preview.exit")}
      </a>
    </aside>
  );
}
