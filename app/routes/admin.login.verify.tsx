/**
 * Staff sign-in, step two: the TOTP code. At a member's first sign-in (or after an admin reset their
 * access) it enrols the authenticator first: a QR code of the otpauth URI, and the secret to type.
 */
import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import QRCode from "qrcode";
import { useTranslation } from "react-i18next";
import { hitRateLimit } from "#app/auth/rate-limit.server";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { FormErrors } from "#app/components/forms";
import { InputField } from "#app/components/conform-fields";
import type { CacheHandle } from "#app/lib/cache-policy";
import { readStaffSessionId } from "#app/lib/staff-cookie.server";
import { recordAudit } from "#app/staff/audit.server";
import { StaffCodeSchema, STAFF_ERRORS, parseStaffForm } from "#app/staff/schemas";
import { AdminAuthCard, useStaffForm } from "#app/components/admin/staff-forms";
import { beginTotpEnrolment, completeStaffSignIn, confirmTotpEnrolment, endStaffSession, verifyStaffCode } from "#app/staff/staff.server";
import adminStylesHref from "#app/styles/admin.css";
import { ADMIN_NO_STORE, actorOf, adminPageContext, readStaff } from "./admin-auth.server";

export const handle = { cache: "private" } satisfies CacheHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }, { name: "robots", content: "noindex, nofollow" }];

async function passwordStage(app: LoaderFunctionArgs["context"], request: Request) {
  const session = await readStaff(app, request);
  if (session?.stage === "FULL") throw redirect("/admin", { headers: ADMIN_NO_STORE });
  if (!session) throw redirect("/admin/login", { headers: ADMIN_NO_STORE });
  return session.member;
}

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await passwordStage(app, request);
  const { t } = adminPageContext(request);
  if (member.totpEnabled) return json({ title: t("admin.verify.title"), enrolment: null }, { headers: ADMIN_NO_STORE });
  const enrolment = await beginTotpEnrolment(app.db, member);
  const qrSvg = await QRCode.toString(enrolment.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  // Grouped in fours, as authenticator apps show a typed secret.
  const secret = enrolment.secret.replace(/(.{4})/g, "$1 ").trim();
  return json({ title: t("admin.verify.enrolTitle"), enrolment: { secret, qrSvg } }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const member = await passwordStage(app, request);
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
  const enrolling = !member.totpEnabled;
  const ok = enrolling ? await confirmTotpEnrolment(app.db, member.userId, submission.value.code) : await verifyStaffCode(app.db, member.userId, submission.value.code);
  if (!ok) return json(submission.reply({ fieldErrors: { code: [STAFF_ERRORS.codeInvalid] } }), { status: 400, headers: ADMIN_NO_STORE });
  const fullSessionId = sessionId ? await completeStaffSignIn(app.db, sessionId, now) : null;
  if (!fullSessionId) throw redirect("/admin/login", { headers: ADMIN_NO_STORE });
  await recordAudit(app.db, actorOf(member), { action: enrolling ? "staff.totpEnrolled" : "staff.signedIn", subjectType: "staff", subjectId: member.userId }, now);
  return redirect("/admin", { headers: { ...ADMIN_NO_STORE, "Set-Cookie": await app.cookies.staff.serialize(fullSessionId) } });
}

export default function AdminVerify() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useStaffForm("admin-verify", StaffCodeSchema, lastResult);
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
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField field={fields.code} label={t("admin.fields.code")} autoComplete="one-time-code" inputMode="numeric" dir="ltr" />
        <button type="submit" className="button button--primary admin-auth__submit" disabled={busy}>
          {t("admin.verify.submit")}
        </button>
      </Form>
      <p className="admin-auth__hint">
        <Link to="/admin/login">{t("admin.verify.restart")}</Link>
      </p>
    </AdminAuthCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
