/** Staff sign-in, step one: email and password. Step two (the TOTP code) is /admin/login/verify. */
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import { clientAddress } from "#app/lib/client-address.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { InputField } from "#app/components/conform-fields";
import type { CacheHandle } from "#app/lib/cache-policy";
import { StaffLoginSchema, STAFF_ERRORS, parseStaffForm } from "#app/staff/schemas";
import { AdminAuthCard, AdminAuthForm, useStaffSignInForm } from "#app/components/admin/staff-forms";
import { authenticateStaff, startStaffSession } from "#app/staff/staff.server";
import adminStylesHref from "#app/styles/admin.css?url";
import { AdminLanguageSwitch } from "#app/components/admin/language-switch";
import { ADMIN_NO_STORE, adminPageContext, readStaff, redirectToCodeStep } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const session = await readStaff(app, request);
  if (session?.stage === "FULL") throw redirect("/admin", { headers: ADMIN_NO_STORE });
  const { t } = adminPageContext(request);
  return json({ title: t("admin.login.title") }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseStaffForm(formData, StaffLoginSchema);
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400, headers: ADMIN_NO_STORE });
  const address = clientAddress(request);
  const limits = { db: app.db, secret: app.env.SESSION_SECRET, now: app.clock.now() };
  const byAddress = await hitRateLimit("staffLoginAddress", address, limits);
  const byAccount = byAddress.allowed ? await hitRateLimit("staffLoginAccountAddress", `${submission.value.email}\u0000${address}`, limits) : byAddress;
  if (!byAddress.allowed || !byAccount.allowed) {
    const retryAfter = !byAddress.allowed ? byAddress.retryAfterSeconds : !byAccount.allowed ? byAccount.retryAfterSeconds : 60;
    return json(submission.reply({ hideFields: ["password"], formErrors: [STAFF_ERRORS.rateLimited] }), { status: 429, headers: { ...ADMIN_NO_STORE, "Retry-After": String(retryAfter) } });
  }
  const outcome = await authenticateStaff(app.db, submission.value.email, submission.value.password);
  // One message for an unknown address, a wrong password, a password still to be set and a disabled member.
  if (outcome.status === "invalid") return json(submission.reply({ hideFields: ["password"], formErrors: [STAFF_ERRORS.signInFailed] }), { status: 400, headers: ADMIN_NO_STORE });
  // A right password without an authenticator: enrolment happens only from the emailed link.
  if (outcome.status === "not-enrolled") return json(submission.reply({ hideFields: ["password"], formErrors: [STAFF_ERRORS.notEnrolled] }), { status: 403, headers: ADMIN_NO_STORE });
  const member = outcome.member;
  const sessionId = await startStaffSession(app.db, member.userId, "PASSWORD", app.clock.now());
  return redirectToCodeStep(app, sessionId, member.locale, ADMIN_NO_STORE);
}

export default function AdminLogin() {
  const { t } = useTranslation();
  const [form, fields] = useStaffSignInForm("admin-login", StaffLoginSchema);
  return (
    <AdminAuthCard heading={t("admin.login.heading")}>
      <AdminAuthForm form={form} submitLabel={t("admin.login.submit")}>
        <InputField field={fields.email} label={t("admin.fields.email")} type="email" autoComplete="username" />
        <InputField field={fields.password} label={t("admin.fields.password")} type="password" autoComplete="current-password" />
      </AdminAuthForm>
      <p className="admin-auth__hint">{t("admin.login.hint")}</p>
      <AdminLanguageSwitch />
    </AdminAuthCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
