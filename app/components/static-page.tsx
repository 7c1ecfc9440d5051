import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RichText } from "#app/components/portable-text";
import type { StaticPageData } from "#app/web/pages/content-pages.server";

/** A CMS page (about, privacy, terms, contact): title, introduction, rich text and its last update. */
export function StaticPageView({ page, children }: { page: StaticPageData["page"]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article className="container page">
      <h1>{page.title}</h1>
      {page.intro ? <p className="page-intro">{page.intro}</p> : null}
      <div className="prose">
        <RichText value={page.body} />
      </div>
      {children}
      <p className="page-meta">
        <time dateTime={page.updatedAt}>{t("static.updatedOn", { date: page.updatedLabel })}</time>
      </p>
    </article>
  );
}
