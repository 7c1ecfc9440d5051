import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { signUp } from "#app/auth/auth.server";
import { recordConsent } from "#app/account/consent-records.server";
import { MarketingOptIn } from "#app/components/marketing-opt-in";
import { ConformForm, EmailField, InputField, useActionForm } from "#app/components/conform-fields";
import { AccountPasswordFields, AuthPage, AuthSwitch } from "#app/components/account-forms";
import { clientAddress } from "#app/lib/client-address.server";
import { AUTH_ERRORS, parseAuthForm, SignUpSchema } from "#app/auth/schemas";
import { getUser } from "#app/web/session-cookie.server";
import { accountHome, safeRedirectTo } from "#app/lib/safe-redirect";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
import { localized, loginPath } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/honeypot";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

const noStore = { "Cache-Control": CACHE_PRIVATE };
const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const redirectTo = safeRedirectTo(context.url.searchParams.get("redirectTo"), "");
  if (await getUser(app, request)) throw redirect(redirectTo || accountHome(context.locale), { headers: noStore });
  return json({ seo: pageSeo(context, "signUp"), heading: context.t("pages.signUp.heading"), redirectTo }, { headers: noStore });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const submission = parseAuthForm(await request.formData(), SignUpSchema);
  if (submission.status !== "success") return json(submission.reply({ hideFields: HIDDEN }), { status: 400, headers: noStore });
  // A bot is told "created" and gets nothing.
  if (isHoneypotFilled(submission.value[HONEYPOT_FIELD])) return redirectWithToast(app, localized(locale, loginPath()), { type: "success", key: "account.toasts.signedUp" }, { headers: noStore });
  const { name, email, password, redirectTo, marketing } = submission.value;
  const outcome = await signUp({ name, email, password, locale, address: clientAddress(request) }, app);
  // Only a new account's tick is recorded: a taken address's owner did not give it.
  if (outcome.status === "registered" && outcome.user && marketing === "on") await recordConsent(app.db, { userId: outcome.user.id }, { purpose: "marketing", granted: true, method: "sign-up" }, app.clock.now());
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ hideFields: HIDDEN, formErrors: [AUTH_ERRORS.rateLimited] }), {
      status: 429,
      headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  // New or taken address, the same answer (the owner of a taken one hears by email): go and log in.
  const login = localized(locale, loginPath({ redirectTo: redirectTo ? safeRedirectTo(redirectTo, "") : undefined }));
  return redirectWithToast(app, login, { type: "success", key: "account.toasts.signedUp" }, { headers: noStore });
}

export default function SignUpRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useActionForm("sign-up", SignUpSchema, { parse: parseAuthForm });
  const login = loginPath({ redirectTo: data.redirectTo });
  return (
    <AuthPage heading={data.heading}>
      <ConformForm form={form} className="form auth-form" submitLabel={t("account.signUp.submit")} honeypotLabel={t("account.fields.honeypot")}>
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <InputField field={fields.name} label={t("account.fields.name")} autoComplete="name" />
        <EmailField field={fields.email} label={t("account.fields.email")} />
        <AccountPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} passwordLabel={t("account.fields.password")} />
        <MarketingOptIn id="sign-up-marketing" checked={fields.marketing.initialValue === "on"} />
      </ConformForm>
      <AuthSwitch text={t("account.signUp.haveAccount")} link={t("account.signUp.loginLink")} to={login} />
    </AuthPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
