/**
 * An option's availability as the catalogue team runs it: its weekly rules (add, edit, remove), a
 * month calendar of every slot with seats sold / held / free, and for one chosen day, closing or
 * reopening the day or a slot and changing a slot's capacity. Plain POST forms (303 back to the page
 * on success, 400/409 with the typed values on a refusal), so it all works without JavaScript.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminCard, AdminDate, AdminPageHeader, AdminTable, AdminNotice } from "#app/components/admin/admin-ui";
import { useStaffForm } from "#app/components/admin/staff-forms";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ErrorList, Field, FormErrors } from "#app/components/forms";
import { InputField } from "#app/components/conform-fields";
import {
  addScheduleRule,
  listScheduleRules,
  loadScheduleMonth,
  loadScheduleProduct,
  removeScheduleRule,
  setClosed,
  setSlotCapacity,
  updateScheduleRule,
  type ScheduleRefusal,
  type ScheduleRule,
  type SlotCell,
} from "#app/booking/schedule-admin.server";
import { ScheduleRuleFormSchema, ScheduleRuleSchema, SlotCapacitySchema, SlotClosureSchema, WEEKDAY_BITS, WEEKDAY_KEYS } from "#app/booking/schedule-schemas";
import { formatInstant, formatNumber } from "#app/i18n/format";
import { useLocale } from "#app/i18n/use-locale";
import type { CacheHandle } from "#app/lib/cache-policy";
import { localDateAt } from "#app/lib/dates";
import { adminSchedulePath } from "#app/lib/paths";
import { ADMIN_NO_STORE, actorOf, adminNotFound, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
import { listResources } from "#app/booking/resources-console.server";
import { resourcesOnDepartures } from "#app/booking/departure-resources.server";
import { DepartureResources, type AssignRefusal } from "#app/components/admin/departure-resources";
import { departureResourceAction } from "#app/web/pages/departure-resources-action.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

const ID = /^[A-Za-z0-9_-]{1,80}$/;
const QuerySchema = z.object({
  option: z.string().regex(ID).optional().catch(undefined),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
  notice: z.string().max(40).optional().catch(undefined),
});

/** Notices a successful change may leave on the page (?notice=…), as i18n keys. */
const NOTICES = ["ruleAdded", "ruleSaved", "ruleRemoved", "dayClosed", "dayReopened", "slotClosed", "slotReopened", "capacitySaved"] as const;

async function loadPage(app: LoaderFunctionArgs["context"], request: Request, productId: string) {
  if (!ID.test(productId)) throw adminNotFound(request);
  const product = await loadScheduleProduct(app.db, productId);
  if (!product || product.options.length === 0) throw adminNotFound(request);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const option = product.options.find((candidate) => candidate.id === query.option) ?? product.options.find((candidate) => candidate.isDefault) ?? product.options[0]!;
  const today = localDateAt(product.timeZone, app.clock.now());
  const month = query.month ?? (query.date ? query.date.slice(0, 7) : today.slice(0, 7));
  return { product, option, month, query, today };
}

export async function loader({ request, params, context: app }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const { locale, t } = adminPageContext(request);
  const { product, option, month, query } = await loadPage(app, request, params.productId ?? "");
  const [rules, calendar] = await Promise.all([listScheduleRules(app.db, option.id), loadScheduleMonth(app.db, product.id, option.id, month, app.clock.now())]);
  if (!calendar) throw adminNotFound(request);
  const title = product.title[locale] || product.title.en;
  const day = query.date ? (calendar.days.find((candidate) => candidate.date === query.date) ?? null) : null;
  // The day's departures take guides and resources here too, also before anyone booked them (issue #33).
  const [resources, assigned] = day ? await Promise.all([listResources(app.db), resourcesOnDepartures(app.db, day.slots.map((slot) => ({ optionId: option.id, availabilityId: slot.availabilityId })))]) : [[], []];
  return json(
    {
      title: t("admin.schedule.title", { title }),
      product: { id: product.id, title, timeZone: product.timeZone, availabilityType: product.availabilityType, published: product.published },
      options: product.options.map((candidate) => ({ id: candidate.id, title: candidate.title[locale] || candidate.title.en || candidate.internalName })),
      option: option.id,
      rules,
      editing: rules.find((rule) => rule.id === query.edit) ?? null,
      calendar,
      day,
      resources,
      assigned,
      notice: NOTICES.find((notice) => notice === query.notice) ?? null,
      // With BOOKING_API_URL the store sells an external supplier's availability: these tables are not what it reads.
      externalSupplier: Boolean(app.env.BOOKING_API_URL),
    },
    { headers: ADMIN_NO_STORE },
  );
}

type ActionData = { intent?: string; rule?: SubmissionResult<string[]>; refusal?: ScheduleRefusal | (AssignRefusal & { values?: undefined }); time?: string; capacity?: string };

export async function action({ request, params, context: app }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "catalogue.manage");
  const { product, option, month } = await loadPage(app, request, params.productId ?? "");
  const now = app.clock.now();
  const actor = actorOf(member);
  const ref = { productId: product.id, optionId: option.id };
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "assign" || intent === "unassign") return departureResourceAction(app.db, request, formData, member, adminPageContext(request).locale, now);
  const back = (notice: (typeof NOTICES)[number], date?: string) => redirect(adminSchedulePath(product.id, { option: option.id, month: date ? date.slice(0, 7) : month, date, notice }), { status: 303, headers: ADMIN_NO_STORE });
  const refused = (data: ActionData, status = 409) => json(data, { status, headers: ADMIN_NO_STORE });

  if (intent === "add-rule" || intent === "edit-rule") {
    // The product's availability type decides which fields a rule needs; the browser's copy is ignored.
    formData.set("availabilityType", product.availabilityType);
    const submission = parseWithZod(formData, { schema: ScheduleRuleSchema });
    if (submission.status !== "success") return refused({ intent, rule: submission.reply() }, 400);
    const ruleId = Number(formData.get("ruleId"));
    const result = intent === "add-rule" ? await addScheduleRule(app, actor, ref, submission.value, now) : await updateScheduleRule(app, actor, ref, Number.isSafeInteger(ruleId) ? ruleId : 0, submission.value, now);
    if (!result.ok) return refused({ intent, rule: submission.reply({ formErrors: [result.error.key] }), refusal: result.error });
    return back(intent === "add-rule" ? "ruleAdded" : "ruleSaved");
  }
  if (intent === "remove-rule") {
    const ruleId = Number(formData.get("ruleId"));
    const result = await removeScheduleRule(app, actor, ref, Number.isSafeInteger(ruleId) ? ruleId : 0, now);
    if (!result.ok) return refused({ intent, refusal: result.error });
    return back("ruleRemoved");
  }
  if (intent === "close-day" || intent === "open-day" || intent === "close-slot" || intent === "open-slot") {
    const parsed = SlotClosureSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return refused({ intent, refusal: { key: parsed.error.issues[0]?.message ?? "admin.errors.invalid" } }, 400);
    const slot = intent.endsWith("-slot");
    const closed = intent.startsWith("close");
    const result = await setClosed(app, actor, { ...ref, date: parsed.data.date, time: slot ? (parsed.data.time ?? "") : null, closed, reason: parsed.data.reason }, now);
    if (!result.ok) return refused({ intent, refusal: result.error });
    return back(slot ? (closed ? "slotClosed" : "slotReopened") : closed ? "dayClosed" : "dayReopened", parsed.data.date);
  }
  if (intent === "capacity") {
    const parsed = SlotCapacitySchema.safeParse(Object.fromEntries(formData));
    const time = String(formData.get("time") ?? "").slice(0, 5);
    const capacity = String(formData.get("capacity") ?? "").slice(0, 12);
    if (!parsed.success) return refused({ intent, time, capacity, refusal: { key: parsed.error.issues[0]?.message ?? "admin.errors.invalid" } }, 400);
    const result = await setSlotCapacity(app, actor, { ...ref, ...parsed.data }, now);
    if (!result.ok) return refused({ intent, time, capacity, refusal: result.error });
    return back("capacitySaved", parsed.data.date);
  }
  return refused({ intent, refusal: { key: "admin.errors.invalid" } }, 400);
}

function weekdaysText(mask: number, t: (key: string) => string): string {
  if (mask === 127) return t("admin.schedule.everyDay");
  return WEEKDAY_BITS.flatMap((bit, index) => ((mask & bit) !== 0 ? [t(`admin.schedule.weekdays.${WEEKDAY_KEYS[index]}`)] : [])).join(", ");
}

export default function AdminProductSchedule() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation();
  const { code } = useLocale();
  const pathFor = (query: { month?: string; date?: string; edit?: number; option?: string }) => adminSchedulePath(data.product.id, { option: data.option, month: data.calendar.month, ...query });
  const monthTitle = formatInstant(code, `${data.calendar.month}-15T12:00:00Z`, "UTC", { month: "long", year: "numeric" });
  const ruleRefusal = result && (result.intent === "remove-rule" || result.intent === "add-rule" || result.intent === "edit-rule") ? result.refusal : undefined;

  return (
    <>
      <AdminPageHeader
        title={t("admin.schedule.heading", { title: data.product.title })}
        subtitle={
          <>
            <span dir="ltr">{data.product.id}</span> · {t(`admin.schedule.types.${data.product.availabilityType}`)} · <span dir="ltr">{data.product.timeZone}</span>
            {data.product.published ? null : <> · {t("admin.schedule.unpublished")}</>}
          </>
        }
      />
      <AdminNotice tone="ok" role="status">{data.notice ? t(`admin.schedule.notices.${data.notice}`) : null}</AdminNotice>
      {data.externalSupplier ? <AdminNotice tone="bad">{t("admin.schedule.externalSupplier")}</AdminNotice> : null}
      {data.options.length > 1 ? (
        <nav className="admin-tabs" aria-label={t("admin.schedule.options")}>
          {data.options.map((option) => (
            <Link key={option.id} to={adminSchedulePath(data.product.id, { option: option.id, month: data.calendar.month })} className="admin-tabs__tab" aria-current={option.id === data.option ? "page" : undefined}>
              {option.title}
            </Link>
          ))}
        </nav>
      ) : null}

      <div className="admin-two-columns schedule-layout">
        <AdminCard id="schedule-month" title={t("admin.schedule.calendar")}>
          <nav className="schedule-month-nav" aria-label={t("admin.schedule.monthNav")}>
            <Link to={pathFor({ month: data.calendar.previous })} rel="prev">
              <span aria-hidden="true">‹ </span>
              {t("admin.schedule.previousMonth")}
            </Link>
            <h3 aria-live="polite">{monthTitle}</h3>
            <Link to={pathFor({ month: data.calendar.next })} rel="next">
              {t("admin.schedule.nextMonth")}
              <span aria-hidden="true"> ›</span>
            </Link>
          </nav>
          <p className="schedule-legend">{t("admin.schedule.legend")}</p>
          <MonthGrid calendar={data.calendar} selected={data.day?.date ?? null} pathFor={pathFor} />
        </AdminCard>
        <AdminCard id="schedule-day" title={data.day ? <AdminDate value={data.day.date} /> : t("admin.schedule.dayPanel")}>
          {data.day ? <DayPanel day={data.day} result={result} option={data.option} resources={data.resources} assigned={data.assigned} /> : <p className="admin-muted">{t("admin.schedule.pickDay")}</p>}
        </AdminCard>
      </div>

      <AdminCard id="schedule-rules" title={t("admin.schedule.rules")}>
        {ruleRefusal && result?.intent === "remove-rule" ? (
          <AdminNotice tone="bad" role="alert">
            {t(ruleRefusal.key, ruleRefusal.values)}
          </AdminNotice>
        ) : null}
        <AdminTable
          rows={data.rules}
          rowKey={(rule) => rule.id}
          empty={t("admin.schedule.noRules")}
          columns={[
            { header: t("admin.schedule.fields.weekdays"), cell: (rule) => weekdaysText(rule.weekdays, t) },
            {
              header: t("admin.schedule.fields.valid"),
              cell: (rule) => (
                <>
                  <AdminDate value={rule.validFrom} /> – {rule.validTo ? <AdminDate value={rule.validTo} /> : t("admin.schedule.noEnd")}
                </>
              ),
            },
            {
              header: data.product.availabilityType === "OPENING_HOURS" ? t("admin.schedule.fields.openingHours") : t("admin.schedule.fields.startTimes"),
              cell: (rule) => <span dir="ltr">{data.product.availabilityType === "OPENING_HOURS" ? rule.openingHours.map((period) => `${period.from}–${period.to}`).join(", ") : rule.startTimes.join(", ")}</span>,
            },
            { header: t("admin.schedule.fields.capacity"), cell: (rule) => (rule.capacity === null ? t("admin.schedule.freesale") : formatNumber(code, rule.capacity)) },
            {
              header: <span className="visually-hidden">{t("admin.staff.actions")}</span>,
              cell: (rule) => (
                <div className="schedule-rule-actions">
                  <Link to={`${pathFor({ edit: rule.id })}#schedule-rule-form`}>{t("admin.schedule.edit")}</Link>
                  <Form method="post">
                    <input type="hidden" name="ruleId" value={rule.id} />
                    <button type="submit" name="intent" value="remove-rule" className="admin-link-button">
                      {t("admin.schedule.remove")}
                    </button>
                  </Form>
                </div>
              ),
            },
          ]}
        />
      </AdminCard>
      <RuleForm key={data.editing?.id ?? "new"} editing={data.editing} availabilityType={data.product.availabilityType} lastResult={result?.intent === "add-rule" || result?.intent === "edit-rule" ? result.rule : undefined} cancelTo={pathFor({})} />
    </>
  );
}

function MonthGrid({ calendar, selected, pathFor }: { calendar: ReturnType<typeof useLoaderData<typeof loader>>["calendar"]; selected: string | null; pathFor: (query: { date?: string }) => string }) {
  const { t } = useTranslation();
  const { code } = useLocale();
  return (
    <div className="schedule-grid">
      <ol className="schedule-grid__weekdays" aria-hidden="true">
        {WEEKDAY_KEYS.map((key) => (
          <li key={key}>{t(`admin.schedule.weekdays.${key}`)}</li>
        ))}
      </ol>
      <ol className="schedule-grid__days">
        {Array.from({ length: calendar.leadingBlanks }, (_, index) => (
          <li key={`blank-${index}`} className="schedule-day schedule-day--blank" aria-hidden="true" />
        ))}
        {calendar.days.map((day) => {
          const classes = ["schedule-day", day.closed ? "is-closed" : "", day.past ? "is-past" : "", day.date === selected ? "is-selected" : "", day.date === calendar.today ? "is-today" : ""].filter(Boolean).join(" ");
          return (
            <li key={day.date} className={classes} data-date={day.date}>
              <Link to={`${pathFor({ date: day.date })}#schedule-day`} className="schedule-day__link" aria-current={day.date === selected ? "date" : undefined}>
                <span className="schedule-day__number">{formatNumber(code, Number(day.date.slice(8, 10)))}</span>
                <span className="schedule-day__weekday">{formatInstant(code, `${day.date}T12:00:00Z`, "UTC", { weekday: "short" })}</span>
                <span className="visually-hidden">{day.date}</span>
              </Link>
              {day.closed ? <span className="admin-badge admin-badge--bad">{t("admin.schedule.closed")}</span> : null}
              {day.slots.length > 0 ? (
                <ul className="schedule-day__slots">
                  {day.slots.map((slot) => (
                    <li key={slot.time} className={slot.closed ? "is-closed" : undefined}>
                      <SlotSummary slot={slot} />
                    </li>
                  ))}
                </ul>
              ) : day.closed ? null : (
                <span className="schedule-day__none">{t("admin.schedule.noSlots")}</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A slot in a calendar cell: its time and "sold · held · free" (the legend names them; screen readers hear the words). */
function SlotSummary({ slot }: { slot: SlotCell }) {
  const { t } = useTranslation();
  const { code } = useLocale();
  const n = (value: number) => formatNumber(code, value);
  const full = slot.closed
    ? t("admin.schedule.closed")
    : slot.free === null
      ? t("admin.schedule.countsFreesale", { sold: n(slot.sold), held: n(slot.held) })
      : t("admin.schedule.counts", { sold: n(slot.sold), held: n(slot.held), free: n(slot.free) });
  const tone = slot.closed || slot.free === null || slot.capacity === null ? "" : slot.free === 0 ? " is-full" : slot.free < slot.capacity / 4 ? " is-low" : "";
  return (
    <>
      <span className="schedule-slot__time" dir="ltr">
        {slot.time}
      </span>
      <span className={`schedule-slot__counts${tone}`} aria-hidden="true" dir="ltr">
        {slot.closed ? "—" : `${n(slot.sold)} · ${n(slot.held)} · ${slot.free === null ? "∞" : n(slot.free)}`}
      </span>
      <span className="visually-hidden">{full}</span>
    </>
  );
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function DayPanel({ day, result, option, resources, assigned }: { day: NonNullable<PageData["day"]>; result: ActionData | undefined; option: string; resources: PageData["resources"]; assigned: PageData["assigned"] }) {
  const { t } = useTranslation();
  const { code } = useLocale();
  const busy = useNavigation().state === "submitting";
  // A departure's Assign or Remove (no intent in its answer) is refused on its own card.
  const departureRefusal = result && result.intent === undefined && result.refusal && "availabilityId" in result.refusal ? result.refusal : null;
  const refusal = result && result.intent !== undefined && result.intent !== "add-rule" && result.intent !== "edit-rule" && result.intent !== "remove-rule" ? result.refusal : undefined;
  if (day.past) return <p className="admin-muted">{t("admin.schedule.pastDay")}</p>;
  return (
    <div className="schedule-day-panel">
      {refusal ? (
        <AdminNotice tone="bad" role="alert">
          {t(refusal.key, refusal.values)}
        </AdminNotice>
      ) : null}
      <Form method="post" className="admin-form schedule-day-panel__close">
        <input type="hidden" name="date" value={day.date} />
        {day.closed ? (
          <>
            <p>
              <span className="admin-badge admin-badge--bad">{t("admin.schedule.closed")}</span> {t("admin.schedule.dayIsClosed")}
            </p>
            <button type="submit" name="intent" value="open-day" className="button button--secondary" disabled={busy}>
              {t("admin.schedule.reopenDay")}
            </button>
          </>
        ) : (
          <>
            <Field label={t("admin.schedule.fields.reason")} hint={t("admin.schedule.closeHint")} inputProps={{ id: "close-day-reason", name: "reason", maxLength: 500, autoComplete: "off" }} />
            <button type="submit" name="intent" value="close-day" className="button button--danger" disabled={busy}>
              {t("admin.schedule.closeDay")}
            </button>
          </>
        )}
      </Form>
      {day.slots.length === 0 ? <p className="admin-muted">{t("admin.schedule.noSlots")}</p> : null}
      <ul className="schedule-slots">
        {day.slots.map((slot, index) => {
          const taken = slot.sold + slot.held;
          const failed = result?.intent === "capacity" && result.time === slot.time;
          const errorId = `capacity-${slot.time.replace(":", "")}-error`;
          return (
            <li key={slot.time} className={slot.closed ? "schedule-slot is-closed" : "schedule-slot"} data-time={slot.time}>
              <div className="schedule-slot__head">
                <strong dir="ltr">{slot.time}</strong>
                <span>
                  {slot.closed ? <span className="admin-badge admin-badge--bad">{t("admin.schedule.closed")}</span> : null}{" "}
                  {slot.capacity === null
                    ? t("admin.schedule.countsFreesale", { sold: formatNumber(code, slot.sold), held: formatNumber(code, slot.held) })
                    : t("admin.schedule.countsOf", { sold: formatNumber(code, slot.sold), held: formatNumber(code, slot.held), free: formatNumber(code, slot.free ?? 0), capacity: formatNumber(code, slot.capacity) })}
                </span>
              </div>
              <Form method="post" className="schedule-slot__capacity">
                <input type="hidden" name="date" value={day.date} />
                <input type="hidden" name="time" value={slot.time} />
                <Field
                  label={t("admin.schedule.slotCapacity", { time: slot.time })}
                  errors={failed ? [result?.refusal?.key] : undefined}
                  errorId={errorId}
                  inputProps={{ id: `capacity-${slot.time.replace(":", "")}`, name: "capacity", type: "number", min: 0, max: 100000, step: 1, required: true, inputMode: "numeric", defaultValue: failed ? result?.capacity : (slot.capacity ?? "") }}
                />
                <button type="submit" name="intent" value="capacity" className="button button--secondary button--small" disabled={busy}>
                  {t("admin.schedule.saveCapacity")}
                </button>
                <p className="schedule-slot__warning">{taken > 0 ? t("admin.schedule.lowerWarning", { taken: formatNumber(code, taken) }) : t("admin.schedule.lowerWarningEmpty")}</p>
              </Form>
              <Form method="post" className="schedule-slot__close">
                <input type="hidden" name="date" value={day.date} />
                <input type="hidden" name="time" value={slot.time} />
                <button type="submit" name="intent" value={slot.closed ? "open-slot" : "close-slot"} className="admin-link-button" disabled={busy || (day.closed && !slot.closed)}>
                  {slot.closed ? t("admin.schedule.reopenSlot", { time: slot.time }) : t("admin.schedule.closeSlot", { time: slot.time })}
                </button>
              </Form>
              <DepartureResources optionId={option} availabilityId={slot.availabilityId} assigned={assigned[index] ?? []} resources={resources} canAssign refusal={departureRefusal} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RuleForm({ editing, availabilityType, lastResult, cancelTo }: { editing: ScheduleRule | null; availabilityType: "START_TIME" | "OPENING_HOURS"; lastResult: SubmissionResult<string[]> | undefined; cancelTo: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useStaffForm("schedule-rule", ScheduleRuleFormSchema, lastResult, {
    availabilityType,
    weekdays: WEEKDAY_BITS.filter((bit) => (editing ? (editing.weekdays & bit) !== 0 : true)).map(String),
    validFrom: editing?.validFrom ?? "",
    validTo: editing?.validTo ?? "",
    startTimes: editing?.startTimes.join(", ") ?? "",
    openingHours: editing?.openingHours.map((period) => `${period.from}-${period.to}`).join(", ") ?? "",
    capacity: editing?.capacity != null ? String(editing.capacity) : "",
    freesale: editing ? editing.capacity === null : false,
  });
  const checked = new Set([fields.weekdays.initialValue ?? []].flat().map(String));
  const freesaleChecked = fields.freesale.initialValue === "on" || String(fields.freesale.initialValue) === "true";
  return (
    <AdminCard id="schedule-rule-form" title={editing ? t("admin.schedule.editRule") : t("admin.schedule.addRule")}>
      <Form method="post" className="admin-form schedule-rule-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={editing ? "edit-rule" : "add-rule"} />
        {editing ? <input type="hidden" name="ruleId" value={editing.id} /> : null}
        <input type="hidden" name={fields.availabilityType.name} value={availabilityType} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="admin-fieldset schedule-weekdays" aria-describedby={fields.weekdays.errors?.length ? fields.weekdays.errorId : undefined}>
          <legend>{t("admin.schedule.fields.weekdays")}</legend>
          <div className="schedule-weekdays__boxes">
            {WEEKDAY_BITS.map((bit, index) => (
              <label key={bit}>
                <input type="checkbox" name={fields.weekdays.name} value={bit} defaultChecked={checked.has(String(bit))} />
                {t(`admin.schedule.weekdays.${WEEKDAY_KEYS[index]}`)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.weekdays.errorId} errors={fields.weekdays.errors} />
        </fieldset>
        <div className="schedule-rule-form__row">
          <InputField field={fields.validFrom} type="date" label={t("admin.schedule.fields.validFrom")} />
          <InputField field={fields.validTo} type="date" label={t("admin.schedule.fields.validTo")} hint={t("admin.schedule.validToHint")} />
        </div>
        {availabilityType === "OPENING_HOURS" ? (
          <InputField field={fields.openingHours} label={t("admin.schedule.fields.openingHours")} hint={t("admin.schedule.openingHoursHint")} dir="ltr" autoComplete="off" />
        ) : (
          <InputField field={fields.startTimes} label={t("admin.schedule.fields.startTimes")} hint={t("admin.schedule.startTimesHint")} dir="ltr" autoComplete="off" />
        )}
        <div className="schedule-rule-form__row">
          <InputField field={fields.capacity} type="number" label={t(availabilityType === "OPENING_HOURS" ? "admin.schedule.fields.capacityPerDay" : "admin.schedule.fields.capacityPerSlot")} min={1} step={1} inputMode="numeric" />
          <div className="schedule-rule-form__freesale">
            <label>
              <input type="checkbox" name={fields.freesale.name} defaultChecked={freesaleChecked} /> {t("admin.schedule.fields.freesale")}
            </label>
          </div>
        </div>
        <div className="schedule-rule-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {editing ? t("admin.schedule.saveRule") : t("admin.schedule.addRule")}
          </button>
          {editing ? <Link to={cancelTo}>{t("admin.schedule.cancelEdit")}</Link> : null}
        </div>
      </Form>
    </AdminCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
