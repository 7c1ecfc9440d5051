import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestPasswordReset } from "#app/auth/auth.server";
import { FormErrors, Honeypot } from "#app/components/forms";
import { InputField } from "#app/components/conform-fields";
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
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: getZodConstraint(ForgotPasswordSchema),
    onValidate: ({ formData }) => parseAuthForm(formData, ForgotPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="form auth-form" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField field={fields.email} label={t("account.fields.email")} type="email" autoComplete="email" dir="ltr" />
      <Honeypot formId="forgot-password" label={t("account.fields.honeypot")} />
      <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
        {t("account.forgot.submit")}
      </button>
    </Form>
  );
}

export default function ForgotPasswordRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // A new, empty form after each completed navigation (the redirect after sending).
  const { key } = useLocation();
  return (
    <section className="container page auth-page">
      <h1>{data.heading}</h1>
      <p>{t("account.forgot.intro")}</p>
      <ForgotForm key={key} />
      <p>
        <LocalizedLink to={loginPath()}>{t("account.forgot.backToLogin")}</LocalizedLink>
      </p>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
