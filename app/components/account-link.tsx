import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link";
import { useLocalizedPath } from "#app/i18n/use-locale";
import { invoicesPath, loginPath, logoutPath } from "#app/lib/paths";
import type { AccountSummary } from "#app/auth/account-summary.server";

export type { AccountSummary };

/**
 * The header's account entry: 'Log in' (coming back to this page after), or the user's bookings and
 * a sign-out button (a POST form, so it works without JavaScript and is never triggered by a prefetch).
 */
export function AccountLink({ user }: { user: AccountSummary }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const localize = useLocalizedPath();
  if (!user) {
    const back = /\/auth\//.test(pathname) ? undefined : pathname + search;
    return (
      <LocalizedLink to={loginPath({ redirectTo: back })} className="account-link">
        {t("account.nav.login")}
      </LocalizedLink>
    );
  }
  return (
    <span className="account-link account-link--signed-in">
      <LocalizedLink to={invoicesPath()} title={t("account.nav.signedInAs", { name: user.name })}>
        {t("account.nav.myBookings")}
      </LocalizedLink>
      <Form method="post" action={localize(logoutPath())} className="account-link__logout">
        <button type="submit" className="link-button">
          {t("account.nav.logout")}
        </button>
      </Form>
    </span>
  );
}
