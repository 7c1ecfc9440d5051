/**
 * The order page's pay-later card: the payment deadline, what was paid and what is left, and the three
 * things an agent can do (send a payment link, record an offline payment, cancel). Plain POST forms to
 * /admin/orders/:reference/pay-later, so they work without JavaScript.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "#app/components/forms";
import { OFFLINE_PAYMENT_METHODS } from "#app/commerce/pay-later";
import { AdminCard, AdminFacts, AdminMoney, AdminTime } from "./admin-ui";

export type PayLaterPanelData = {
  reference: string;
  open: boolean;
  currency: string;
  total: number;
  dueAt: string | null;
  paid: number;
  outstanding: number;
  openLink: string | null;
  canCollect: boolean;
};

/** Outcomes the pay-later action reports back (?payLater=…), and whether each is good news. */
const GOOD = new Set(["linkSent", "paid", "partPaid", "cancelled"]);

export function PayLaterPanel({ data, notice }: { data: PayLaterPanelData; notice: string | null }) {
  const { t } = useTranslation();
  const action = `/admin/orders/${encodeURIComponent(data.reference)}/pay-later`;
  const overdue = data.dueAt !== null && new Date(data.dueAt).getTime() < Date.now();
  return (
    <AdminCard id="order-pay-later" title={t("admin.payLater.title")}>
      {notice ? (
        <p className={`admin-notice ${GOOD.has(notice) ? "admin-notice--ok" : "admin-notice--bad"}`} role="status" data-testid="pay-later-notice">
          {t(`admin.payLater.outcomes.${notice}`, { defaultValue: t("admin.payLater.outcomes.invalid") })}
        </p>
      ) : null}
      <AdminFacts
        rows={[
          [t("admin.payLater.deadline"), data.dueAt ? <span key="d" className={overdue ? "admin-overdue" : undefined}><AdminTime value={data.dueAt} /></span> : "—"],
          [t("admin.payLater.paid"), <AdminMoney key="p" amount={data.paid} currency={data.currency} />],
          [t("admin.payLater.outstanding"), <strong key="o" data-testid="pay-later-outstanding"><AdminMoney amount={data.outstanding} currency={data.currency} /></strong>],
          ...(data.openLink ? [[t("admin.payLater.openLink"), <a key="l" href={data.openLink} dir="ltr" className="admin-break">{t("admin.payLater.linkOpen")}</a>] as [string, JSX.Element]] : []),
        ]}
      />
      {data.open && data.canCollect ? (
        <div className="admin-pay-later__actions">
          <Form method="post" action={action} className="admin-form">
            <input type="hidden" name="intent" value="send-link" />
            <p className="admin-muted">{t("admin.payLater.linkHelp")}</p>
            <button type="submit" className="button button--primary">
              {data.openLink ? t("admin.payLater.resendLink") : t("admin.payLater.sendLink")}
            </button>
          </Form>
          <Form method="post" action={action} className="admin-form admin-pay-later__offline">
            <input type="hidden" name="intent" value="offline" />
            <h3>{t("admin.payLater.offlineHeading")}</h3>
            <Field label={t("admin.payLater.amount", { currency: data.currency })} inputProps={{ id: "offline-amount", name: "amount", type: "number", inputMode: "decimal", min: "0.01", step: "0.01", required: true, defaultValue: String(data.outstanding / 100), dir: "ltr" }} />
            <div className="form-field">
              <label htmlFor="offline-method">{t("admin.payLater.method")}</label>
              <select id="offline-method" name="method" required defaultValue="bank_transfer">
                {OFFLINE_PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`admin.payLater.methods.${method}`)}
                  </option>
                ))}
              </select>
            </div>
            <Field label={t("admin.payLater.reference")} hint={t("admin.payLater.referenceHint")} inputProps={{ id: "offline-reference", name: "reference", required: true, maxLength: 80, dir: "ltr" }} />
            <Field label={t("admin.payLater.note")} inputProps={{ id: "offline-note", name: "note", maxLength: 500 }} />
            <button type="submit" className="button button--secondary">
              {t("admin.payLater.record")}
            </button>
          </Form>
          <Form method="post" action={action} className="admin-form admin-pay-later__cancel">
            <input type="hidden" name="intent" value="cancel" />
            <h3>{t("admin.payLater.cancelHeading")}</h3>
            <Field label={t("admin.payLater.reason")} hint={t("admin.payLater.reasonHint")} inputProps={{ id: "cancel-reason", name: "reason", required: true, maxLength: 500 }} />
            <button type="submit" className="button button--danger">
              {t("admin.payLater.cancel")}
            </button>
          </Form>
        </div>
      ) : null}
    </AdminCard>
  );
}
