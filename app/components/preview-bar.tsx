import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LAYOUT_IDS, type LayoutId } from "#app/lib/layout-ids";

const VisualEditingOverlays = lazy(() => import("./visual-editing-overlays.client"));

/**
 * Shown on every storefront page while this browser is in preview mode (drafts): says so, lets the editor
 * try another layout on this browser alone (the layout preview, POST /api/preview-layout), and ends it.
 * Plain forms and links, not Remix's: the layout and the exit set or clear a cookie and reload the page
 * from the server, with or without JavaScript. With JavaScript, the visual-editing overlays load too.
 */
export function PreviewBar({ layout }: { layout: LayoutId | null }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const href = `/api/preview-mode/disable?redirectTo=${encodeURIComponent(here)}`;
  return (
    <aside className="preview-bar" aria-label={t("site.preview.label")}>
      <strong className="preview-bar__label">{t("site.preview.label")}</strong>
      <span className="preview-bar__text">{t("site.preview.description")}</span>
      <form className="preview-bar__layout" method="post" action="/api/preview-layout">
        <input type="hidden" name="redirectTo" value={here} />
        <label className="preview-bar__layout-label" htmlFor="preview-bar-layout">
          {t("site.preview.layout")}
        </label>
        <select id="preview-bar-layout" name="layout" className="preview-bar__select" defaultValue={layout ?? ""}>
          <option value="">{t("site.preview.layoutPublished")}</option>
          {LAYOUT_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`site.preview.layouts.${id}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="preview-bar__show">
          {t("site.preview.showLayout")}
        </button>
      </form>
      <a className="preview-bar__exit" href={href} rel="nofollow">
        {t("site.preview.exit")}
      </a>
      <Overlays />
    </aside>
  );
}

/** The overlays' chunk, asked for once the page has hydrated (never by the server, never outside preview). */
function Overlays() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <VisualEditingOverlays />
    </Suspense>
  ) : null;
}
