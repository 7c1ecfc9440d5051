/** Staff (admins only): who has access, their roles, invitations (a one-time link by email), disabling. */
import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminCard, AdminPageHeader, AdminTable, AdminTime } from "#app/components/admin/admin-ui";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { FormErrors } from "#app/components/forms";
import { InputField, SelectField } from "#app/components/conform-fields";
import type { CacheHandle } from "#app/lib/cache-policy";
import { sendStaffInvite } from "#app/staff/invite-mail.server";
import { isStaffRole, STAFF_ROLES } from "#app/staff/roles";
import { StaffInviteSchema, STAFF_ERRORS, parseStaffForm } from "#app/staff/schemas";
import { useStaffForm } from "#app/components/admin/staff-forms";
import { addStaffMember, changeStaffMember, findStaffMember, listStaff, type StaffChange } from "#app/staff/staff.server";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request, "staff.manage");
  const { t } = adminPageContext(request);
  const staff = await listStaff(app.db);
  return json({ title: t("admin.staff.title"), me: member.userId, staff, invited: new URL(request.url).searchParams.get("invited") }, { headers: ADMIN_NO_STORE });
}

export async function action({ request, context: app }: ActionFunctionArgs) {
  const admin = await requireStaff(app, request, "staff.manage");
  const now = app.clock.now();
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "invite") {
    const submission = parseStaffForm(formData, StaffInviteSchema);
    if (submission.status !== "success") return json({ invite: submission.reply(), notice: null }, { status: 400, headers: ADMIN_NO_STORE });
    const { member, token } = await addStaffMember(app.db, { ...submission.value, invitedBy: admin.userId, locale: admin.locale }, now, { actor: actorOf(admin), action: "staff.invited" });
    await sendStaffInvite(app, { email: member.email, name: member.name, token, locale: member.locale });
    return json({ invite: submission.reply({ resetForm: true }), notice: { key: "admin.staff.invited", email: member.email } }, { headers: ADMIN_NO_STORE });
  }
  const userId = String(formData.get("userId") ?? "");
  const target = userId.length <= 64 ? await findStaffMember(app.db, userId) : null;
  if (!target) return json({ invite: null, notice: { key: "admin.errors.notFound", email: "" } }, { status: 404, headers: ADMIN_NO_STORE });
  const role = formData.get("role");
  if (intent === "role" && !isStaffRole(role)) return json({ invite: null, notice: { key: STAFF_ERRORS.role, email: target.email } }, { status: 400, headers: ADMIN_NO_STORE });
  const change: StaffChange | null = intent === "role" && isStaffRole(role) ? { role } : intent === "disable" || intent === "enable" ? { disabled: intent === "disable" } : null;
  if (change) {
    const result = await changeStaffMember(app.db, actorOf(admin), target, change, now);
    if (!result.ok) return json({ invite: null, notice: { key: STAFF_ERRORS.lastAdmin, email: target.email } }, { status: 409, headers: ADMIN_NO_STORE });
    return json({ invite: null, notice: { key: "admin.staff.saved", email: target.email } }, { headers: ADMIN_NO_STORE });
  }
  return json({ invite: null, notice: null }, { status: 400, headers: ADMIN_NO_STORE });
}

export default function AdminStaff() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useStaffForm("staff-invite", StaffInviteSchema, result?.invite ?? undefined, { role: "agent" });
  return (
    <>
      <AdminPageHeader title={t("admin.staff.heading")} subtitle={t("admin.staff.subtitle")} />
      {result?.notice ? (
        <p className="admin-notice" role="status">
          {t(result.notice.key, { email: result.notice.email })}
        </p>
      ) : null}
      <div className="admin-two-columns">
        <AdminCard id="staff-list" title={t("admin.staff.members")}>
          <AdminTable
            rows={data.staff}
            rowKey={(member) => member.userId}
            rowClassName={(member) => (member.disabled ? "admin-row--muted" : undefined)}
            empty={null}
            columns={[
              {
                header: t("admin.fields.name"),
                cell: (member) => (
                  <>
                    {member.name}
                    <span className="admin-muted" dir="ltr">{member.email}</span>
                  </>
                ),
              },
              {
                header: t("admin.fields.role"),
                cell: (member) => (
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={member.userId} />
                    <label className="visually-hidden" htmlFor={`role-${member.userId}`}>
                      {t("admin.fields.role")}
                    </label>
                    <select id={`role-${member.userId}`} name="role" defaultValue={member.role}>
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`admin.roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="button button--secondary button--small">
                      {t("admin.staff.saveRole")}
                    </button>
                  </Form>
                ),
              },
              {
                header: t("admin.staff.secondFactor"),
                cell: (member) => <span className={`admin-badge admin-badge--${member.totpEnabled ? "ok" : "act"}`}>{member.totpEnabled ? t("admin.staff.totpOn") : t("admin.staff.totpOff")}</span>,
              },
              { header: t("admin.staff.lastSignIn"), cell: (member) => (member.lastSignInAt ? <AdminTime value={member.lastSignInAt} /> : "—") },
              {
                header: <span className="visually-hidden">{t("admin.staff.actions")}</span>,
                cell: (member) =>
                  member.userId === data.me ? null : (
                    <Form method="post">
                      <input type="hidden" name="userId" value={member.userId} />
                      <button type="submit" name="intent" value={member.disabled ? "enable" : "disable"} className="admin-link-button">
                        {member.disabled ? t("admin.staff.enable") : t("admin.staff.disable")}
                      </button>
                    </Form>
                  ),
              },
            ]}
          />
        </AdminCard>
        <AdminCard id="staff-invite-card" title={t("admin.staff.invite")}>
          <Form method="post" className="admin-form" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="invite" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <InputField field={fields.email} label={t("admin.fields.email")} type="email" autoComplete="off" />
            <InputField field={fields.name} label={t("admin.fields.name")} autoComplete="off" />
            <SelectField field={fields.role} label={t("admin.fields.role")}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.roles.${role}`)}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("admin.staff.sendInvite")}
            </button>
          </Form>
        </AdminCard>
      </div>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
