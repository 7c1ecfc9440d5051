/**
 * /privacy/request — a guest's way to their data (PDPL): they type the address their orders were placed
 * with and get a signed link by email (app/account/data-link.server.ts). The answer is the same whether
 * or not anything is held for the address. Plain POST: works without JavaScript.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestDataLink } from "#app/account/data-link.server";
import { PrivacyRequestSchema } from "#app/account/privacy-request-schema";
import { AUTH_ERRORS, parseAuthForm } from "#app/auth/schemas";
import { ConformForm, EmailField, useActionForm } from "#app/components/conform-fields";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import type { CacheHandle } from "#app/lib/cache-policy";
import { clientAddress } from "#app/lib/client-address.server";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/honeypot";
import { CACHE_PRIVATE, pageHeaders, publicCacheControl } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { accountDeletePath, localized, privacyPolicyPath, privacyRequestPath } from "#app/lib/paths";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "public" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

const noStore = { "Cache-Control": CACHE_PRIVATE };

export function loader({ request }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  return json({ seo: pageSeo(context, "privacyRequest") }, { headers: { "Cache-Control": publicCacheControl(request) } });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const submission = parseAuthForm(await request.formData(), PrivacyRequestSchema);
  if (submission.status !== "success") return json(submission.reply(), { status: 400, headers: noStore });
  // The same answer whatever the address (and for a bot's honeypot): nobody learns who is a customer.
  const done = () => redirectWithToast(app, localized(locale, privacyRequestPath()), { type: "success", key: "pages.privacyRequest.sent" }, { headers: noStore });
  if (isHoneypotFilled(submission.value[HONEYPOT_FIELD])) return done();
  const outcome = await requestDataLink(app, { email: submission.value.email, locale, address: clientAddress(request) });
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ formErrors: [AUTH_ERRORS.rateLimited] }), { status: 429, headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  return done();
}

function RequestForm() {
  const { t } = useTranslation();
  const [form, fields] = useActionForm("privacy-request", PrivacyRequestSchema, { parse: parseAuthForm });
  return (
    <ConformForm form={form} className="form privacy-request__form" submitLabel={t("pages.privacyRequest.submit")} honeypotLabel={t("account.fields.honeypot")}>
      <EmailField field={fields.email} label={t("pages.privacyRequest.email")} />
    </ConformForm>
  );
}

export default function PrivacyRequestRoute() {
  const { t } = useTranslation();
  // A new, empty form after each completed navigation (the redirect after sending).
  const { key } = useLocation();
  return (
    <section className="container page privacy-request" data-testid="privacy-request">
      <h1>{t("pages.privacyRequest.heading")}</h1>
      <p className="page-intro">{t("pages.privacyRequest.intro")}</p>
      <ul className="privacy-request__facts">
        <li>{t("pages.privacyRequest.factLink")}</li>
        <li>{t("pages.privacyRequest.factDelete")}</li>
        <li>{t("pages.privacyRequest.factInvoices")}</li>
      </ul>
      <RequestForm key={key} />
      <p className="privacy-request__more">
        {t("pages.privacyRequest.account")} <LocalizedLink to={accountDeletePath()}>{t("pages.privacyRequest.accountLink")}</LocalizedLink> ·{" "}
        <LocalizedLink to={privacyPolicyPath()}>{t("nav.privacy")}</LocalizedLink>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
