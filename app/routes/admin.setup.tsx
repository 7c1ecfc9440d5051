/**
 * The one-time link from `npm run staff:add` or an admin's invitation: the member chooses a password,
 * then enrols an authenticator on the next page (the link is spent there). Every other session of the
 * account ends here.
 */
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { NewPasswordFields } from "#app/components/conform-fields";
import type { CacheHandle } from "#app/lib/cache-policy";
import { recordAudit } from "#app/staff/audit.server";
import { StaffSetPasswordSchema, STAFF_ERRORS, parseStaffForm } from "#app/staff/schemas";
import { AdminAuthCard, AdminAuthForm, useStaffSignInForm } from "#app/components/admin/staff-forms";
import { peekStaffInvite, setStaffLocale, setStaffPasswordFromInvite } from "#app/staff/staff.server";
import adminStylesHref from "#app/styles/admin.css?url";
import { ADMIN_NO_STORE, actorOf, adminPageContext, redirectToCodeStep } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }, { name: "robots", content: "noindex, nofollow" }];

// The token is in the path: the page must not leak it to other sites. (A function: ADMIN_NO_STORE is
// server-only, and this module also runs in the browser.)
const setupHeaders = () => ({ ...ADMIN_NO_STORE, "Referrer-Policy": "no-referrer" });

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  const { t } = adminPageContext(request);
  const token = params.token ?? "";
  const member = token.length <= 200 ? await peekStaffInvite(app.db, token, app.clock.now()) : null;
  return json({ title: t("admin.setup.title"), email: member?.email ?? null }, { headers: setupHeaders() });
}

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const submission = parseStaffForm(await request.formData(), StaffSetPasswordSchema);
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400, headers: setupHeaders() });
  const token = params.token ?? "";
  const now = app.clock.now();
  const set = token.length <= 200 ? await setStaffPasswordFromInvite(app.db, token, submission.value.password, now) : null;
  if (!set) return json(submission.reply({ hideFields: ["password", "confirmPassword"], formErrors: [STAFF_ERRORS.linkInvalid] }), { status: 400, headers: setupHeaders() });
  const { member, sessionId } = set;
  await recordAudit(app.db, actorOf(member), { action: "staff.passwordSet", subjectType: "staff", subjectId: member.userId }, now);
  // The language the member set up in becomes their console's (the inviter's was only a first guess).
  const { locale } = adminPageContext(request);
  await setStaffLocale(app.db, member.userId, locale);
  return redirectToCodeStep(app, sessionId, locale, setupHeaders());
}

export default function AdminSetup() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useStaffSignInForm("admin-setup", StaffSetPasswordSchema);
  return (
    <AdminAuthCard heading={t("admin.setup.heading")}>
      {data.email ? (
        <>
          <p>{t("admin.setup.text", { email: data.email })}</p>
          <AdminAuthForm form={form} submitLabel={t("admin.setup.submit")}>
            <input type="email" name="username" autoComplete="username" value={data.email} readOnly hidden />
            <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={{ password: t("admin.fields.newPassword"), confirm: t("admin.fields.confirmPassword") }} />
          </AdminAuthForm>
        </>
      ) : (
        <p className="admin-notice admin-notice--bad" role="alert">
          {t(STAFF_ERRORS.linkInvalid)}
        </p>
      )}
    </AdminAuthCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
