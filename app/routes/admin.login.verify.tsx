/**
 * Staff sign-in, step two: the TOTP code. Right after a password was set from a one-time link (an
 * ENROL session) it enrols the authenticator instead: a QR code of the otpauth URI, the secret to type,
 * and a first code, which spends the link. A password alone never reaches enrolment.
 */
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import QRCode from "qrcode";
import { useTranslation } from "react-i18next";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { InputField } from "#app/components/conform-fields";
import type { CacheHandle } from "#app/lib/cache-policy";
import { readStaffSessionId } from "#app/web/staff-cookie.server";
import { recordAudit } from "#app/staff/audit.server";
import { StaffCodeSchema, STAFF_ERRORS, parseStaffForm } from "#app/staff/schemas";
import { AdminAuthCard, AdminAuthForm, useStaffSignInForm } from "#app/components/admin/staff-forms";
import { beginTotpEnrolment, completeStaffEnrolment, completeStaffSignIn, endStaffSession, verifyStaffCode } from "#app/staff/staff.server";
import adminStylesHref from "#app/styles/admin.css?url";
import { ADMIN_NO_STORE, actorOf, adminPageContext, readStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }, { name: "robots", content: "noindex, nofollow" }];

/** The session of a member between their password (or a link's) and their code: PASSWORD or ENROL. */
async function secondStep(app: LoaderFunctionArgs["context"], request: Request) {
  const session = await readStaff(app, request);
  if (session?.stage === "FULL") throw redirect("/admin", { headers: ADMIN_NO_STORE });
  // A PASSWORD session of a member with no authenticator cannot be finished here (only a link enrols).
  if (!session || (session.stage === "PASSWORD" && !session.member.totpEnabled)) throw redirect("/admin/login", { headers: ADMIN_NO_STORE });
  return { member: session.member, enrolling: session.stage === "ENROL" };
}

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const { member, enrolling } = await secondStep(app, request);
  const { t } = adminPageContext(request);
  if (!enrolling) return json({ title: t("admin.verify.title"), enrolment: null }, { headers: ADMIN_NO_STORE });
  const enrolment = await beginTotpEnrolment(app.db, member);
  const qrSvg = await QRCode.toString(enrolment.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  // Grouped in fours, as authenticator apps show a typed secret.
  const secret = enrolment.secret.replace(/(.{4})/g, "$1 ").trim();
  return json({ title: t("admin.verify.enrolTitle"), enrolment: { secret, qrSvg } }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const { member, enrolling } = await secondStep(app, request);
  const submission = parseStaffForm(await request.formData(), StaffCodeSchema);
  if (submission.status !== "success") return json(submission.reply(), { status: 400, headers: ADMIN_NO_STORE });
  const now = app.clock.now();
  const limit = await hitRateLimit("staffCode", member.userId, { db: app.db, secret: app.env.SESSION_SECRET, now });
  const sessionId = await readStaffSessionId(app.cookies.staff, request.headers.get("Cookie"));
  if (!limit.allowed) {
    // Too many wrong codes: the password step starts again.
    if (sessionId) await endStaffSession(app.db, sessionId);
    return json(submission.reply({ formErrors: [STAFF_ERRORS.rateLimited] }), { status: 429, headers: { ...ADMIN_NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } });
  }
  if (!sessionId) throw redirect("/admin/login", { headers: ADMIN_NO_STORE });
  let fullSessionId: string | null;
  if (enrolling) {
    const enrolment = await completeStaffEnrolment(app.db, sessionId, submission.value.code, now);
    if (enrolment.status === "code-invalid") return json(submission.reply({ fieldErrors: { code: [STAFF_ERRORS.codeInvalid] } }), { status: 400, headers: ADMIN_NO_STORE });
    // The link was replaced or expired while the member was enrolling: only a new link goes on.
    if (enrolment.status === "restart") return json(submission.reply({ formErrors: [STAFF_ERRORS.enrolRestart] }), { status: 409, headers: ADMIN_NO_STORE });
    fullSessionId = enrolment.sessionId;
  } else {
    if (!(await verifyStaffCode(app.db, member.userId, submission.value.code))) return json(submission.reply({ fieldErrors: { code: [STAFF_ERRORS.codeInvalid] } }), { status: 400, headers: ADMIN_NO_STORE });
    fullSessionId = await completeStaffSignIn(app.db, sessionId, now);
  }
  if (!fullSessionId) throw redirect("/admin/login", { headers: ADMIN_NO_STORE });
  await recordAudit(app.db, actorOf(member), { action: enrolling ? "staff.totpEnrolled" : "staff.signedIn", subjectType: "staff", subjectId: member.userId }, now);
  return redirect("/admin", { headers: { ...ADMIN_NO_STORE, "Set-Cookie": await app.cookies.staff.serialize(fullSessionId) } });
}

export default function AdminVerify() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useStaffSignInForm("admin-verify", StaffCodeSchema);
  return (
    <AdminAuthCard heading={data.enrolment ? t("admin.verify.enrolHeading") : t("admin.verify.heading")}>
      {data.enrolment ? (
        <div className="admin-totp">
          <p>{t("admin.verify.enrolText")}</p>
          {/* The server drew this SVG from the otpauth URI (no user input in it). */}
          <div className="admin-totp__qr" role="img" aria-label={t("admin.verify.qrLabel")} dangerouslySetInnerHTML={{ __html: data.enrolment.qrSvg }} />
          <p className="admin-totp__secret-label">{t("admin.verify.secretLabel")}</p>
          <code className="admin-totp__secret" dir="ltr" data-testid="totp-secret">
            {data.enrolment.secret}
          </code>
        </div>
      ) : (
        <p>{t("admin.verify.text")}</p>
      )}
      <AdminAuthForm form={form} submitLabel={t("admin.verify.submit")}>
        <InputField field={fields.code} label={t("admin.fields.code")} autoComplete="one-time-code" inputMode="numeric" dir="ltr" />
      </AdminAuthForm>
      {/* Enrolment goes on only from the link; starting again is for the code step. */}
      {data.enrolment ? null : (
        <p className="admin-auth__hint">
          <Link to="/admin/login">{t("admin.verify.restart")}</Link>
        </p>
      )}
    </AdminAuthCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
