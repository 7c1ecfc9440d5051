import { getFixedT } from "#app/i18n/i18n.server";
import type { Env } from "#app/lib/env.server";
import type { Mailer } from "#app/lib/mailer.server";
import type { StaffLocale } from "./staff.server";

/** The console's set-password page for a one-time token. */
export function staffSetupUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, "")}/admin/setup/${token}`;
}

/** Emails an invitation: the one-time link to choose a password and enrol an authenticator. */
export async function sendStaffInvite(deps: { env: Pick<Env, "SITE_URL">; mailer: Mailer }, invite: { email: string; name: string; token: string; locale: StaffLocale }): Promise<void> {
  const t = getFixedT(invite.locale);
  const link = staffSetupUrl(deps.env.SITE_URL, invite.token);
  await deps.mailer.send({
    to: invite.email,
    subject: t("admin.inviteMail.subject"),
    text: [t("admin.inviteMail.greeting", { name: invite.name }), "", t("admin.inviteMail.body"), "", link, "", t("admin.inviteMail.expiry"), "", t("admin.inviteMail.accountNote")].join("\n"),
  });
}
