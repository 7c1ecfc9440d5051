import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { attachGuestOrdersOf } from "#app/account/orders.server";
import { authenticate, verifyEmail } from "#app/auth/auth.server";
import { FormErrors, Honeypot } from "#app/components/forms";
import { InputField } from "#app/components/conform-fields";
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
      <Form method="post">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--primary">
          {t("account.verify.submit")}
        </button>
      </Form>
    </section>
  );
}

export default function LoginRoute() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseAuthForm(formData, LoginSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { redirectTo: data.redirectTo },
  });
  const busy = navigation.state === "submitting";
  const signUp = signUpPath({ redirectTo: data.redirectTo });
  return (
    <section className="container page auth-page">
      <h1>{data.heading}</h1>
      {data.verifyToken ? <VerifyEmail token={data.verifyToken} /> : null}
      <Form method="post" className="form auth-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={data.redirectTo} />
        <InputField field={fields.email} label={t("account.fields.email")} type="email" autoComplete="email" dir="ltr" />
        <InputField field={fields.password} label={t("account.fields.password")} type="password" autoComplete="current-password" />
        <Honeypot formId="login" label={t("account.fields.honeypot")} />
        <p>
          <LocalizedLink to={forgotPasswordPath()}>{t("account.login.forgot")}</LocalizedLink>
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("account.login.submit")}
        </button>
      </Form>
      <p>
        {t("account.login.noAccount")} <LocalizedLink to={signUp}>{t("account.login.signUpLink")}</LocalizedLink>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
