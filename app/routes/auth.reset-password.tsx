import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resetPassword } from "#app/auth/auth.server";
import { ConformForm, useActionForm } from "#app/components/conform-fields";
import { AccountPasswordFields, AuthPage } from "#app/components/account-forms";
import { clientAddress } from "#app/lib/client-address.server";
import { AUTH_ERRORS, parseAuthForm, ResetPasswordSchema } from "#app/auth/schemas";
import { accountHome } from "#app/lib/safe-redirect";
import { signInAndRedirect } from "#app/web/sign-in.server";
import { peekPasswordResetToken } from "#app/auth/tokens.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LocalizedLink } from "#app/components/localized-link";
import { CACHE_PRIVATE, pageHeaders } from "#app/lib/http";
import { pageMeta } from "#app/lib/meta";
import { getPageContext, pageSeo } from "#app/web/page.server";
import { forgotPasswordPath } from "#app/lib/paths";
import type { CacheHandle } from "#app/lib/cache-policy";
import { HONEYPOT_FIELD, isHoneypotFilled } from "#app/lib/honeypot";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const headers = pageHeaders;
export const meta = pageMeta;

// The token is in the URL: the page must never be stored, nor its address sent on to other sites.
// The token in the URL never leaves the site (same-origin), while the page's own form still posts with
// its Origin (no-referrer would make it "null", which the cross-origin check refuses).
const noStore = { "Cache-Control": CACHE_PRIVATE, "Referrer-Policy": "same-origin" };
const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const context = getPageContext(request);
  const token = context.url.searchParams.get("token") ?? "";
  // Looking does not spend the token; only the POST does.
  const valid = token.length >= 20 && token.length <= 200 && (await peekPasswordResetToken(token, { db: app.db })) !== null;
  return json({ seo: pageSeo(context, "resetPassword"), heading: context.t("pages.resetPassword.heading"), token: valid ? token : null }, { headers: noStore });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { locale } = getPageContext(request);
  const submission = parseAuthForm(await request.formData(), ResetPasswordSchema);
  if (submission.status !== "success") return json(submission.reply({ hideFields: HIDDEN }), { status: 400, headers: noStore });
  if (isHoneypotFilled(submission.value[HONEYPOT_FIELD])) return json(submission.reply({ hideFields: HIDDEN, formErrors: [AUTH_ERRORS.tokenInvalid] }), { status: 400, headers: noStore });
  const outcome = await resetPassword({ token: submission.value.token, password: submission.value.password, address: clientAddress(request) }, app);
  if (outcome.status === "rate-limited") {
    return json(submission.reply({ hideFields: HIDDEN, formErrors: [AUTH_ERRORS.rateLimited] }), { status: 429, headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  if (outcome.status === "invalid-token") return json(submission.reply({ hideFields: HIDDEN, formErrors: [AUTH_ERRORS.tokenInvalid] }), { status: 400, headers: noStore });
  return signInAndRedirect(app, request, outcome.user, accountHome(locale), { type: "success", key: "account.toasts.passwordReset" });
}

export default function ResetPasswordRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useActionForm("reset-password", ResetPasswordSchema, { parse: parseAuthForm });
  return (
    <AuthPage heading={data.heading}>
      {data.token ? (
        <ConformForm form={form} className="form auth-form" submitLabel={t("account.reset.submit")} honeypotLabel={t("account.fields.honeypot")}>
          <input type="hidden" name="token" value={data.token} />
          <AccountPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} passwordLabel={t("account.fields.newPassword")} />
        </ConformForm>
      ) : (
        <div role="alert" className="notice notice--warning">
          <p>{t("account.reset.invalidLink")}</p>
          <LocalizedLink to={forgotPasswordPath()} className="button button--primary">
            {t("account.reset.requestNew")}
          </LocalizedLink>
        </div>
      )}
    </AuthPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
