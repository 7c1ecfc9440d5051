import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { attachGuestOrdersOf } from "#app/account/orders.server";
import { authenticate, verifyEmail } from "#app/auth/auth.server";
import { PostButton } from "#app/components/forms";
import { ConformForm, EmailField, InputField, useActionForm } from "#app/components/conform-fields";
import { AuthPage, AuthSwitch } from "#app/components/account-forms";
import { clientAddress } from "#app/lib/client-address.server";
import { AUTH_ERRORS, LoginSchema, parseAuthForm } from "#app/auth/schemas";
import { getUser } from "#app/web/session-cookie.server";
import { accountHome, safeRedirectTo } from "#app/lib/safe-redirect";
import { signInAndRedirect } from "#app/web/sign-in.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { redirectWithToast } from "#app/web/toast.server";
import { forgotPasswordPath, localized, loginPath, signUpPath } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/honeypot";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

const noStore = { "Cache-Control": CACHE_PRIVATE };

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const redirectTo = safeRedirectTo(context.url.searchParams.get("redirectTo"), "");
  const verifyToken = context.url.searchParams.get("verify");
  const user = await getUser(app, request);
  // A signed-in visitor has nothing to do here, except confirm an email link.
  if (user && !verifyToken) throw redirect(redirectTo || accountHome(context.locale), { headers: noStore });
  return json(
    { seo: pageSeo(context, "login"), heading: context.t("pages.login.heading"), redirectTo, verifyToken: verifyToken && verifyToken.length <= 200 ? verifyToken : null },
    { headers: noStore },
  );
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const formData = await request.formData();
  if (formData.get("intent") === "verify") {
    // Confirming is a POST (a button on the page): mail scanners that open links verify nothing.
    const token = String(formData.get("token") ?? "");
    const verified = token.length > 0 && token.length <= 200 ? await verifyEmail(token, app) : null;
    // The mailbox owner proved the address: the guest orders placed with it become the account's.
    if (verified) await attachGuestOrdersOf(verified.userId, app.db);
    const user = await getUser(app, request);
    const to = user ? accountHome(locale) : localized(locale, loginPath());
    return redirectWithToast(app, to, verified ? { type: "success", key: "account.toasts.verified" } : { type: "error", key: "account.toasts.verifyFailed" }, { headers: noStore });
  }

  const submission = parseAuthForm(formData, LoginSchema);
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400, headers: noStore });
  if (isHoneypotFilled(submission.value[HONEYPOT_FIELD])) {
    return json(submission.reply({ hideFields: ["password"], fieldErrors: { password: [AUTH_ERRORS.passwordIncorrect] } }), { status: 400, headers: noStore });
  }
  const outcome = await authenticate({ email: submission.value.email, password: submission.value.password, address: clientAddress(request) }, app);
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ hideFields: ["password"], formErrors: [AUTH_ERRORS.rateLimited] }), {
      status: 429,
      headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  if (outcome.status === "invalid") {
    return json(submission.reply({ hideFields: ["password"], fieldErrors: { password: [AUTH_ERRORS.passwordIncorrect] } }), { status: 400, headers: noStore });
  }
  const to = safeRedirectTo(submission.value.redirectTo, accountHome(locale));
  return signInAndRedirect(app, request, outcome.user, to, { type: "success", key: "account.toasts.loggedIn", values: { name: outcome.user.name } });
}

function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <section className="auth-card" aria-labelledby="verify-heading">
      <h2 id="verify-heading">{t("account.verify.heading")}</h2>
      <p>{t("account.verify.text")}</p>
      <PostButton values={{ intent: "verify", token }} className="button button--primary">
        {t("account.verify.submit")}
      </PostButton>
    </section>
  );
}

export default function LoginRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useActionForm("login", LoginSchema, { parse: parseAuthForm, defaultValue: { redirectTo: data.redirectTo } });
  const signUp = signUpPath({ redirectTo: data.redirectTo });
  return (
    <AuthPage heading={data.heading}>
      {data.verifyToken ? <VerifyEmail token={data.verifyToken} /> : null}
      <ConformForm
        form={form}
        className="form auth-form"
        submitLabel={t("account.login.submit")}
        honeypotLabel={t("account.fields.honeypot")}
        beforeSubmit={
          <p>
            <LocalizedLink to={forgotPasswordPath()}>{t("account.login.forgot")}</LocalizedLink>
          </p>
        }
      >
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <EmailField field={fields.email} label={t("account.fields.email")} />
        <InputField field={fields.password} label={t("account.fields.password")} type="password" autoComplete="current-password" />
      </ConformForm>
      <AuthSwitch text={t("account.login.noAccount")} link={t("account.login.signUpLink")} to={signUp} />
    </AuthPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
