import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestPasswordReset } from "#app/auth/auth.server";
import { ConformForm, EmailField, useActionForm } from "#app/components/conform-fields";
import { AuthPage } from "#app/components/account-forms";
import { clientAddress } from "#app/lib/client-address.server";
import { AUTH_ERRORS, ForgotPasswordSchema, parseAuthForm } from "#app/auth/schemas";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
import { forgotPasswordPath, localized, loginPath } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/honeypot";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

const noStore = { "Cache-Control": CACHE_PRIVATE };

export function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  return json({ seo: pageSeo(context, "forgotPassword"), heading: context.t("pages.forgotPassword.heading") }, { headers: noStore });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const submission = parseAuthForm(await request.formData(), ForgotPasswordSchema);
  if (submission.status !== "success") return json(submission.reply(), { status: 400, headers: noStore });
  // Same answer whether or not the address has an account (and for a bot's honeypot).
  const done = () => redirectWithToast(app, localized(locale, forgotPasswordPath()), { type: "success", key: "account.toasts.resetSent" }, { headers: noStore });
  if (isHoneypotFilled(submission.value[HONEYPOT_FIELD])) return done();
  const outcome = await requestPasswordReset({ email: submission.value.email, locale, address: clientAddress(request) }, app);
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ formErrors: [AUTH_ERRORS.rateLimited] }), { status: 429, headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  return done();
}

function ForgotForm() {
  const { t } = useTranslation();
  const [form, fields] = useActionForm("forgot-password", ForgotPasswordSchema, { parse: parseAuthForm });
  return (
    <ConformForm form={form} className="form auth-form" submitLabel={t("account.forgot.submit")} honeypotLabel={t("account.fields.honeypot")}>
      <EmailField field={fields.email} label={t("account.fields.email")} />
    </ConformForm>
  );
}

export default function ForgotPasswordRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // A new, empty form after each completed navigation (the redirect after sending).
  const { key } = useLocation();
  return (
    <AuthPage heading={data.heading}>
      <p>{t("account.forgot.intro")}</p>
      <ForgotForm key={key} />
      <p>
        <LocalizedLink to={loginPath()}>{t("account.forgot.backToLogin")}</LocalizedLink>
      </p>
    </AuthPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
