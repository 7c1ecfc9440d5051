import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocale } from "#app/i18n/use-locale";

/**
 * The console's English ⇄ Arabic switch (header and sign-in pages): a POST that comes back to this page.
 * It offers the language the page is not in (the root loader read it from the console's cookie).
 */
export function AdminLanguageSwitch() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const other = useLocale().code === "ar" ? "en" : "ar";
  return (
    // A whole-document navigation: the browser must load the other language's strings.
    <Form method="post" action="/admin/language" className="admin-language" reloadDocument>
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <input type="hidden" name="locale" value={other} />
      <button type="submit" className="admin-link-button" lang={other}>
        {other === "ar" ? "العربية" : "English"}
      </button>
      <span className="visually-hidden">{t("admin.layout.language")}</span>
    </Form>
  );
}
