import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { eraseAccountWithPassword, type ErasureBlocker } from "#app/account/personal-data.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ErasureBlockers } from "#app/components/account/erasure-blockers";
import { LocalizedLink } from "#app/components/localized-link";
import type { CacheHandle } from "#app/lib/cache-policy";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { invoicesPath } from "#app/lib/paths";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { requireUser, signOutAndRedirect } from "#app/web/sign-in.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

/** /account/delete — the account's deletion, confirmed with its password (PDPL: personal data erased at once). */
export async function loader({ request, context: app }: LoaderFunctionArgs) {
  await requireUser(app, request);
  const context = getPageContext(request);
  return json({ seo: pageSeo(context, "deleteAccount") }, { headers: { "Cache-Control": CACHE_PRIVATE } });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const user = await requireUser(app, request);
  const form = await request.formData();
  const outcome = await eraseAccountWithPassword(app, user.id, String(form.get("password") ?? ""));
  const headers = { "Cache-Control": CACHE_PRIVATE };
  if (outcome.status === "wrong-password" || outcome.status === "not-found") return json({ error: "password" as const, blockers: [] as ErasureBlocker[] }, { status: 400, headers });
  if (outcome.status === "blocked") return json({ error: "blocked" as const, blockers: outcome.blockers }, { status: 409, headers });
  if (outcome.status === "staff") return json({ error: "staff" as const, blockers: [] as ErasureBlocker[] }, { status: 409, headers });
  return signOutAndRedirect(app, request, { type: "success", key: "pages.deleteAccount.done" });
}

export default function DeleteAccount() {
  const { t } = useTranslation();
  const posted = useActionData<typeof action>();
  return (
    <section className="container page account-delete" data-testid="account-delete">
      <h1>{t("pages.deleteAccount.heading")}</h1>
      <p>{t("pages.deleteAccount.intro")}</p>
      <ul className="account-delete__facts">
        <li>{t("pages.deleteAccount.factBookings")}</li>
        <li>{t("pages.deleteAccount.factInvoices")}</li>
        <li>{t("pages.deleteAccount.factDownload")}</li>
      </ul>
      {posted?.error === "blocked" ? (
        <ErasureBlockers message={t("pages.deleteAccount.blocked")} blockers={posted.blockers} />
      ) : posted?.error ? (
        <p className="notice notice--warning" role="alert">
          {t(`pages.deleteAccount.${posted.error === "staff" ? "staff" : "wrongPassword"}`)}
        </p>
      ) : null}
      <Form method="post" className="account-delete__form">
        <div className="form-field">
          <label htmlFor="delete-password">{t("pages.deleteAccount.password")}</label>
          <input id="delete-password" type="password" name="password" autoComplete="current-password" required aria-invalid={posted?.error === "password" ? true : undefined} />
        </div>
        <button type="submit" className="button button--danger">
          {t("pages.deleteAccount.confirm")}
        </button>
        <LocalizedLink to={invoicesPath()}>{t("pages.deleteAccount.keep")}</LocalizedLink>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
