/**
 * The staff console's building blocks: page header, status badge, money and time in the console's
 * language, definition rows, empty states. Console pages compose these so every page reads alike.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "#app/i18n/use-locale";
import { formatInstant, formatLocalDate, formatMoney } from "#app/i18n/format";
import { RIYADH_TIME_ZONE } from "#app/lib/dates";
import { isCurrencyCode } from "#app/lib/money";

export function AdminPageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="admin-page-header">
      <div>
        <h1>{title}</h1>
        {subtitle ? <p className="admin-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="admin-page-header__actions">{actions}</div> : null}
    </header>
  );
}

/** Tones group statuses by what they ask of the team: done, waiting, needs action, ended badly. */
const TONES: Record<string, "ok" | "wait" | "act" | "bad" | "neutral"> = {
  CONFIRMED: "ok",
  SENT: "ok",
  PAID: "ok",
  CAPTURED: "ok",
  REFUNDED: "neutral",
  REDEEMED: "ok",
  ACCEPTED: "ok",
  PARTIALLY_CONFIRMED: "act",
  ON_HOLD: "act",
  PENDING: "act",
  PAY_LATER: "act",
  REVIEW: "act",
  RECEIVED: "act",
  REQUESTED: "act",
  FAILED: "bad",
  PAYMENT_FAILED: "bad",
  BOOKING_FAILED: "bad",
  REJECTED: "bad",
  EXPIRED: "neutral",
  CANCELLED: "neutral",
  DECLINED: "neutral",
  WITHDRAWN: "neutral",
  VOIDED: "neutral",
  VIA_RESELLER: "ok",
  UNPAID: "act",
  AWAITING_PAYMENT: "wait",
  PROCESSING: "wait",
  HELD: "wait",
  AUTHORIZED: "wait",
  QUOTED: "wait",
  REFUNDING: "wait",
  CREATED: "wait",
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = TONES[status] ?? "neutral";
  return <span className={`admin-badge admin-badge--${tone}`}>{t(`admin.status.${status}`, { defaultValue: status })}</span>;
}

export function AdminMoney({ amount, currency }: { amount: number; currency: string }) {
  const { code } = useLocale();
  return <span className="admin-money">{isCurrencyCode(currency) ? formatMoney(code, amount, currency) : `${amount} ${currency}`}</span>;
}

/** A moment in Riyadh time, in the console's language. */
export function AdminTime({ value, dateOnly = false }: { value: Date | string; dateOnly?: boolean }) {
  const { code } = useLocale();
  const date = typeof value === "string" ? new Date(value) : value;
  const text = formatInstant(code, date, RIYADH_TIME_ZONE, dateOnly ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" });
  return <time dateTime={date.toISOString()}>{text}</time>;
}

/** A calendar date ("2026-11-24") in the console's language. */
export function AdminDate({ value }: { value: string }) {
  const { code } = useLocale();
  return <time dateTime={value}>{formatLocalDate(code, value, "short")}</time>;
}

export function AdminEmpty({ children }: { children: ReactNode }) {
  return <p className="admin-empty">{children}</p>;
}

export function AdminCard({ title, children, className = "", id }: { title?: ReactNode; children: ReactNode; className?: string; id?: string }) {
  return (
    <section className={`admin-card ${className}`.trim()} aria-labelledby={title && id ? `${id}-title` : undefined} id={id}>
      {title ? <h2 id={id ? `${id}-title` : undefined}>{title}</h2> : null}
      {children}
    </section>
  );
}

/** Label/value rows (a definition list laid out as a two-column grid). */
export function AdminFacts({ rows }: { rows: Array<[ReactNode, ReactNode]> }) {
  return (
    <dl className="admin-facts">
      {rows.map(([label, value], index) => (
        <div key={index} className="admin-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One column of an AdminTable: its header and how a row fills its cell. */
export type AdminColumn<Row> = { header: ReactNode; cell: (row: Row) => ReactNode; testId?: string };

/**
 * The console's data table: a header row, one row per item, scrolling sideways on narrow screens, and
 * the empty state when there is nothing to list.
 */
export function AdminTable<Row>({ columns, rows, rowKey, empty, rowClassName, className }: { columns: Array<AdminColumn<Row>>; rows: Row[]; rowKey: (row: Row) => string | number; empty: ReactNode; rowClassName?: (row: Row) => string | undefined; className?: string }) {
  if (rows.length === 0) return <AdminEmpty>{empty}</AdminEmpty>;
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : "admin-table"}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column, index) => (
                <td key={index} data-testid={column.testId}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A short list of things, one line each, or `empty` when there are none. */
export function AdminList<Item>({ items, keyOf, empty, children: line }: { items: Item[]; keyOf: (item: Item) => string; empty: ReactNode; children: (item: Item) => ReactNode }) {
  if (items.length === 0) return <AdminEmpty>{empty}</AdminEmpty>;
  return (
    <ul className="admin-list">
      {items.map((item) => (
        <li key={keyOf(item)}>{line(item)}</li>
      ))}
    </ul>
  );
}

/** A list's search box in its filter form (a GET form: the query stays in the address). */
export function AdminFilterSearch({ id, label, value, placeholder }: { id: string; label: string; value: string | null | undefined; placeholder: string }) {
  return (
    <div className="form-field admin-filters__search">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="q" type="search" defaultValue={value ?? ""} placeholder={placeholder} maxLength={120} />
    </div>
  );
}

/** A filter's select: "any" first (no filter), then the choices. */
export function AdminFilterSelect({ id, name, label, value, anyLabel, choices }: { id: string; name: string; label: string; value: string | null | undefined; anyLabel: string; choices: Array<{ value: string; label: string }> }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter between two dates (either end may stay empty), under its legend. */
export function AdminDateRange({ legend, from, to }: { legend: string; from: { name: string; value: string | null | undefined }; to: { name: string; value: string | null | undefined } }) {
  const { t } = useTranslation();
  return (
    <fieldset className="admin-filters__range">
      <legend>{legend}</legend>
      <input aria-label={t("admin.orders.from")} name={from.name} type="date" defaultValue={from.value ?? ""} />
      <input aria-label={t("admin.orders.to")} name={to.name} type="date" defaultValue={to.value ?? ""} />
    </fieldset>
  );
}

/** The head of a page about one record (an order, an offer): the way back to its list, then its reference with its status. */
export function AdminRecordHeader({ back, reference, status, subtitle }: { back: { to: string; label: string }; reference: string; status: string; subtitle: ReactNode }) {
  return (
    <>
      <p className="admin-breadcrumb">
        <Link to={back.to}>{back.label}</Link>
      </p>
      <AdminPageHeader
        title={
          <>
            <span className="admin-reference">{reference}</span> <StatusBadge status={status} />
          </>
        }
        subtitle={subtitle}
      />
    </>
  );
}

/** Who a record is for (an order's customer, an offer's requester): name, the address to write to, phone, language, and `more`. */
export function AdminCustomerCard({ id, name, email, phone, locale, more = [] }: { id: string; name: string; email: string; phone: ReactNode; locale: string; more?: Array<[ReactNode, ReactNode]> }) {
  const { t } = useTranslation();
  const mailTo = (
    <a href={`mailto:${email}`} dir="ltr">
      {email}
    </a>
  );
  return (
    <AdminCard id={id} title={t("admin.order.customer")}>
      <AdminFacts rows={[[t("admin.fields.name"), name], [t("admin.fields.email"), mailTo], [t("admin.fields.phone"), phone], [t("admin.fields.language"), locale], ...more]} />
    </AdminCard>
  );
}

/** A line above a console page's content: what was just done (`ok`, a status) or what is wrong (`bad`); nothing when there is nothing to say. */
export function AdminNotice({ tone, role, testId, children }: { tone: "ok" | "bad" | "info"; role?: "status" | "alert"; testId?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p className={`admin-notice admin-notice--${tone}`} role={role} data-testid={testId}>
      {children}
    </p>
  );
}

/**
 * A filter form's submit button ("Apply" unless named) and what follows it: the link that clears every
 * filter (back to `clearTo`), or the page's own links (the manifest's previous and next day).
 */
export function AdminFilterActions({ clearTo, submit, tone = "primary", children }: { clearTo?: string; submit?: ReactNode; tone?: "primary" | "secondary"; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="admin-filters__actions">
      <button type="submit" className={`button button--${tone}`}>
        {submit ?? t("admin.orders.apply")}
      </button>
      {clearTo ? <Link to={clearTo}>{t("admin.orders.clear")}</Link> : null}
      {children}
    </div>
  );
}

/** The query string `search` with its page set to `page`. */
function pageLink(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return `?${params.toString()}`;
}

/** Previous / "page n of m" / next under a paged console list, keeping its filters (`search`, the current query string). */
export function AdminPager({ page, pages, search }: { page: number; pages: number; search: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={t("admin.orders.pages")}>
      {page > 1 ? (
        <Link to={pageLink(search, page - 1)} rel="prev">
          {t("admin.orders.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("admin.orders.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={pageLink(search, page + 1)} rel="next">
          {t("admin.orders.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
