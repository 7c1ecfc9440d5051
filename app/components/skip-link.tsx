import { useTranslation } from "react-i18next";

/** The first stop for keyboards and screen readers: a link past the header to the page's main region (`mainId`). */
export function SkipLink({ mainId }: { mainId: string }) {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href={`#${mainId}`}>
      {t("site.skipToContent")}
    </a>
  );
}
