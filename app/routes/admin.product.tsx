/**
 * One product (role catalogue or admin): its form; its options, each with units, prices and price
 * seasons; put on or off sale; duplicate; raise or lower its prices by a percentage. Every form is a
 * POST with an `intent` that works without JavaScript (303 back here with a notice, or 400 with the
 * form's messages and the typed values kept).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminCard, AdminDate, AdminMoney, AdminNotice, AdminPageHeader, AdminTable } from "#app/components/admin/admin-ui";
import { BulkPriceFields, CatalogueForm, OptionFields, RemoveForm, ProductFields, SeasonFields, UnitFields, useCatalogueForm } from "#app/components/admin/catalogue-forms";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { isCatalogueRuleError, type CatalogueDeps } from "#app/catalogue/manage/catalogue-write.server";
import { optionFormValues, productFormValues, seasonFormValues, unitFormValues } from "#app/catalogue/manage/form-values";
import { addSeason, changePricesByPercent, removeSeason } from "#app/catalogue/manage/prices.server";
import { addOption, addUnit, duplicateProduct, removeOption, removeUnit, setPublished, updateOption, updateProduct, updateUnit } from "#app/catalogue/manage/products.server";
import { loadCatalogueChoices, loadProductForConsole, type ConsoleProduct } from "#app/catalogue/manage/queries.server";
import { addQuestion, removeQuestion } from "#app/catalogue/manage/questions.server";
import { BulkPriceSchema, OptionSchema, ProductSchema, QuestionSchema, SeasonSchema, UnitSchema, parseCatalogueForm } from "#app/catalogue/manage/schemas";
import { BookingQuestionsCard } from "#app/components/admin/booking-questions-card";
import type { CacheHandle } from "#app/lib/cache-policy";
import { adminSchedulePath, experiencePath, localized } from "#app/lib/paths";
import { ADMIN_NO_STORE, actorOf, adminPageContext, requireStaff } from "#app/web/admin-auth.server";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rihla Console" }];

const NOTICES = ["created", "saved", "published", "unpublished", "duplicated", "optionAdded", "optionSaved", "optionRemoved", "unitAdded", "unitSaved", "unitRemoved", "seasonAdded", "seasonRemoved", "pricesChanged", "questionAdded", "questionRemoved"] as const;
const IdSchema = z.string().min(1).max(160);

export async function loader({ request, context: app, params }: LoaderFunctionArgs) {
  await requireStaff(app, request, "catalogue.manage");
  const { t } = adminPageContext(request);
  const id = IdSchema.safeParse(params.id);
  const data = id.success ? await loadProductForConsole(app.db, id.data) : null;
  if (!data) throw json({ message: t("admin.errors.notFound") }, { status: 404, headers: ADMIN_NO_STORE });
  const choices = await loadCatalogueChoices(app.db);
  const done = new URL(request.url).searchParams.get("done");
  return json(
    {
      title: t("admin.catalogue.productTitle", { title: data.product.title.en }),
      ...data,
      choices,
      storefrontPath: experiencePath(data.product.slug),
      notice: (NOTICES as readonly string[]).includes(done ?? "") ? (done as (typeof NOTICES)[number]) : null,
    },
    { headers: ADMIN_NO_STORE },
  );
}

type Failure = { formId: string | null; result?: ReturnType<ReturnType<typeof parseCatalogueForm>["reply"]>; error?: string };

export async function action({ request, context: app, params }: ActionFunctionArgs) {
  const member = await requireStaff(app, request, "catalogue.manage");
  const productId = IdSchema.parse(params.id);
  const data = await loadProductForConsole(app.db, productId);
  if (!data) throw json({ message: "Not found" }, { status: 404, headers: ADMIN_NO_STORE });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const actor = actorOf(member);
  const now = app.clock.now();
  const back = (notice: (typeof NOTICES)[number], anchor = "", path = `/admin/products/${productId}`) => redirect(`${path}?done=${notice}${anchor}`, { status: 303, headers: ADMIN_NO_STORE });
  const optionId = String(formData.get("optionId") ?? "");
  const option = data.options.find((candidate) => candidate.id === optionId);
  const unitId = String(formData.get("unitId") ?? "");
  const unit = data.options.flatMap((candidate) => candidate.units).find((candidate) => candidate.id === unitId);
  const seasonId = String(formData.get("seasonId") ?? "");
  const season = data.options.flatMap((candidate) => candidate.seasons).find((candidate) => candidate.id === seasonId);

  /** Parses one form, runs the change, and answers 303 or the form's errors (a refused rule on its field). */
  async function submit<Schema extends z.ZodType>(formId: string, schema: Schema, change: (value: z.output<Schema>) => Promise<Response>) {
    const submission = parseCatalogueForm(formData, schema);
    if (submission.status !== "success") return json<Failure>({ formId, result: submission.reply() }, { status: 400, headers: ADMIN_NO_STORE });
    try {
      return await change(submission.value as z.output<Schema>);
    } catch (error) {
      if (!isCatalogueRuleError(error)) throw error;
      const reply = error.field ? submission.reply({ fieldErrors: { [error.field]: [error.key] } }) : submission.reply({ formErrors: [error.key] });
      return json<Failure>({ formId, result: reply }, { status: error.status, headers: ADMIN_NO_STORE });
    }
  }
  /** A button-only change (publish, remove, duplicate): 303, or the refusal as a page notice. */
  async function act(change: () => Promise<Response>) {
    try {
      return await change();
    } catch (error) {
      if (!isCatalogueRuleError(error)) throw error;
      return json<Failure>({ formId: null, error: error.key }, { status: error.status, headers: ADMIN_NO_STORE });
    }
  }
  const deps: CatalogueDeps = app;

  switch (intent) {
    case "product":
      return submit("product", ProductSchema, async (value) => (await updateProduct(deps, actor, productId, value, now), back("saved")));
    case "publish":
    case "unpublish":
      return act(async () => (await setPublished(deps, actor, productId, intent === "publish", now), back(intent === "publish" ? "published" : "unpublished")));
    case "duplicate":
      return act(async () => {
        const copy = await duplicateProduct(deps, actor, productId, now);
        return back("duplicated", "", `/admin/products/${copy.id}`);
      });
    case "option-add":
      return submit("option-add", OptionSchema, async (value) => (await addOption(deps, actor, productId, value, now), back("optionAdded", "#options")));
    case "option-update":
      if (!option) break;
      return submit(`option-${option.id}`, OptionSchema, async (value) => (await updateOption(deps, actor, option.id, value, now), back("optionSaved", `#option-${option.id}`)));
    case "option-remove":
      if (!option) break;
      return act(async () => (await removeOption(deps, actor, option.id, now), back("optionRemoved", "#options")));
    case "unit-add":
      if (!option) break;
      return submit(`unit-add-${option.id}`, UnitSchema, async (value) => (await addUnit(deps, actor, option.id, value, now), back("unitAdded", `#option-${option.id}`)));
    case "unit-update":
      if (!unit) break;
      return submit(`unit-${unit.id}`, UnitSchema, async (value) => (await updateUnit(deps, actor, unit.id, value, now), back("unitSaved", `#option-${unit.optionId}`)));
    case "unit-remove":
      if (!unit) break;
      return act(async () => (await removeUnit(deps, actor, unit.id, now), back("unitRemoved", `#option-${unit.optionId}`)));
    case "season-add":
      if (!option) break;
      return submit(`season-add-${option.id}`, SeasonSchema, async (value) => (await addSeason(deps, actor, option.id, value, now), back("seasonAdded", `#option-${option.id}`)));
    case "season-remove":
      if (!season) break;
      return act(async () => (await removeSeason(deps, actor, season.id, now), back("seasonRemoved", `#option-${season.optionId}`)));
    case "question-add":
      return submit("question-add", QuestionSchema, async (value) => (await addQuestion(deps, actor, productId, value, now), back("questionAdded", "#questions")));
    case "question-remove":
      return act(async () => (await removeQuestion(deps, actor, productId, String(formData.get("questionId") ?? ""), now), back("questionRemoved", "#questions")));
    case "bulk":
      return submit("bulk", BulkPriceSchema, async (value) => (await changePricesByPercent(deps, actor, { productId }, value.percent, now, value.reason), back("pricesChanged", "#prices")));
  }
  return json<Failure>({ formId: null, error: "admin.errors.notFound" }, { status: 404, headers: ADMIN_NO_STORE });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type OptionData = LoaderData["options"][number];

function useResultFor(formId: string) {
  const actionData = useActionData<typeof action>();
  return actionData && "formId" in actionData && actionData.formId === formId ? actionData.result : undefined;
}

export default function AdminProduct() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const product = data.product;
  const title = i18n.language === "ar" ? product.title.ar : product.title.en;
  const [form, fields] = useCatalogueForm("product", ProductSchema, useResultFor("product"), productFormValues(product as unknown as ConsoleProduct["product"]));
  const refusal = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <>
      <nav className="admin-breadcrumb" aria-label={t("admin.catalogue.breadcrumb")}>
        <Link to="/admin/products">{t("admin.nav.products")}</Link>
      </nav>
      <AdminPageHeader
        title={title}
        subtitle={
          <>
            <span className={`admin-badge admin-badge--${product.published ? "ok" : "neutral"}`} data-testid="sale-status">
              {product.published ? t("admin.catalogue.onSale") : t("admin.catalogue.offSale")}
            </span>{" "}
            <span className="admin-muted" dir="ltr">
              {product.id} · /{product.slug}
            </span>
          </>
        }
        actions={
          <>
            <Form method="post" className="admin-inline-form">
              <button type="submit" name="intent" value={product.published ? "unpublish" : "publish"} className={`button ${product.published ? "button--secondary" : "button--primary"}`}>
                {product.published ? t("admin.catalogue.unpublish") : t("admin.catalogue.publish")}
              </button>
              <button type="submit" name="intent" value="duplicate" className="button button--secondary">
                {t("admin.catalogue.duplicate")}
              </button>
            </Form>
            <Link to={adminSchedulePath(product.id)} className="admin-link-button">
              {t("admin.catalogue.schedule")}
            </Link>
            {product.published && data.storefrontPath ? (
              <a href={localized(i18n.language === "ar" ? "ar" : "en", data.storefrontPath)} className="admin-link-button" target="_blank" rel="noreferrer">
                {t("admin.catalogue.viewOnSite")}
              </a>
            ) : null}
          </>
        }
      />
      <AdminNotice tone="ok" role="status">{data.notice ? t(`admin.catalogue.notices.${data.notice}`) : null}</AdminNotice>
      {refusal ? (
        <AdminNotice tone="bad" role="alert">
          {t(refusal)}
        </AdminNotice>
      ) : null}
      <div className="admin-product">
        <div className="admin-product__main">
          <section id="options" className="admin-product__options" aria-labelledby="options-title">
            <h2 id="options-title">{t("admin.catalogue.options")}</h2>
            {data.options.length === 0 ? <p className="admin-empty">{t("admin.catalogue.noOptions")}</p> : null}
            {data.options.map((option) => (
              <OptionCard key={option.id} option={option} product={product} />
            ))}
            <AddOptionCard key={data.options.length} pricingPer={product.pricingPer} />
          </section>
          <AdminCard id="product-form-card" title={t("admin.catalogue.details")}>
            <CatalogueForm form={form} intent="product" submit={t("admin.catalogue.save")}>
              <ProductFields fields={fields} choices={data.choices} currencyLocked={data.hasBookings} />
              <input type="hidden" name="published" value={product.published ? "on" : ""} />
            </CatalogueForm>
          </AdminCard>
        </div>
        <aside className="admin-product__side">
          <BulkCard />
          <BookingQuestionsCard key={product.bookingQuestions.length} questions={product.bookingQuestions} lastResult={useResultFor("question-add")} />
        </aside>
      </div>
    </>
  );
}

/** A unit as the console names it: its type, and its own name when that says more. */
function unitLabel(t: (key: string) => string, unit: { type: string; title: { en: string; ar: string } }, lang: string) {
  const type = t(`admin.catalogue.unitTypes.${unit.type}`);
  const name = lang === "ar" ? unit.title.ar : unit.title.en;
  return name && name !== type ? `${type} · ${name}` : type;
}

function OptionCard({ option, product }: { option: OptionData; product: LoaderData["product"] }) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useCatalogueForm(`option-${option.id}`, OptionSchema, useResultFor(`option-${option.id}`), optionFormValues(option as never, product.currency));
  const title = i18n.language === "ar" ? option.title.ar : option.title.en;
  const money = (amount: number | null) => (amount === null ? "—" : <AdminMoney amount={amount} currency={product.currency} />);
  return (
    <section className="admin-card admin-option" id={`option-${option.id}`} aria-labelledby={`option-${option.id}-title`}>
      <header className="admin-option__head">
        <h3 id={`option-${option.id}-title`}>{title}</h3>
        <RemoveForm intent="option-remove" hidden={{ optionId: option.id }} label={t("admin.catalogue.removeOption")} />
      </header>
      <details className="admin-details">
        <summary>{t("admin.catalogue.editOption")}</summary>
        <CatalogueForm form={form} intent="option-update" submit={t("admin.catalogue.saveOption")} hidden={{ optionId: option.id }}>
          <OptionFields fields={fields} pricingPer={product.pricingPer} />
        </CatalogueForm>
      </details>
      <h4>{t("admin.catalogue.units")}</h4>
      <AdminTable
        rows={option.units}
        rowKey={(unit) => unit.id}
        empty={t("admin.catalogue.noUnits")}
        columns={[
          { header: t("admin.catalogue.fields.unitType"), cell: (unit) => unitLabel(t, unit, i18n.language) },
          { header: t("admin.catalogue.ages"), cell: (unit) => <span dir="ltr">{`${unit.minAge}–${unit.maxAge}`}</span> },
          { header: t("admin.catalogue.fields.price"), cell: (unit) => (product.pricingPer === "BOOKING" ? t("admin.catalogue.pricingPer.BOOKING") : money(unit.price)) },
          { header: t("admin.catalogue.fields.priceOriginal"), cell: (unit) => (unit.priceOriginal === null || unit.priceOriginal === unit.price ? "—" : <s>{money(unit.priceOriginal)}</s>) },
        ]}
      />
      {option.units.map((unit) => (
        <UnitEditor key={unit.id} unit={unit} option={option} product={product} />
      ))}
      {product.pricingPer === "BOOKING" ? (
        <p>
          {t("admin.catalogue.fields.bookingPrice")}: {money(option.bookingPrice)}
        </p>
      ) : null}
      {/* Keyed by the units: after a change the forms start again from the option's current units. */}
      <AddUnit key={option.units.length} option={option} pricingPer={product.pricingPer} />
      <h4>{t("admin.catalogue.seasons")}</h4>
      <AdminTable
        rows={option.seasons}
        rowKey={(season) => season.id}
        empty={t("admin.catalogue.noSeasons")}
        className="admin-table--seasons"
        columns={[
          {
            header: t("admin.catalogue.dates"),
            cell: (season) => (
              <>
                <AdminDate value={season.validFrom} /> – <AdminDate value={season.validTo} />
              </>
            ),
          },
          {
            header: t("admin.catalogue.prices"),
            cell: (season) =>
              product.pricingPer === "BOOKING" ? (
                money(season.bookingPrice)
              ) : (
                <ul className="admin-list">
                  {option.units
                    .filter((unit) => season.unitPrices[unit.id])
                    .map((unit) => (
                      <li key={unit.id}>
                        {t(`admin.catalogue.unitTypes.${unit.type}`)}: {money(season.unitPrices[unit.id]!.price)}
                        {season.unitPrices[unit.id]!.original !== null ? <s className="admin-muted">{money(season.unitPrices[unit.id]!.original)}</s> : null}
                      </li>
                    ))}
                </ul>
              ),
          },
          {
            header: <span className="visually-hidden">{t("admin.staff.actions")}</span>,
            cell: (season) => (
              <RemoveForm intent="season-remove" hidden={{ seasonId: season.id }} label={t("admin.catalogue.removeSeason")} />
            ),
          },
        ]}
      />
      <AddSeason key={`${option.units.map((unit) => unit.id).join()}|${option.seasons.length}`} option={option} pricingPer={product.pricingPer} />
    </section>
  );
}

function UnitEditor({ unit, option, product }: { unit: OptionData["units"][number]; option: OptionData; product: LoaderData["product"] }) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useCatalogueForm(`unit-${unit.id}`, UnitSchema, useResultFor(`unit-${unit.id}`), unitFormValues(unit as never, option.units as never, product.currency));
  return (
    <details className="admin-details" open={Boolean(form.errors?.length || Object.values(fields).some((field) => field.errors?.length))}>
      <summary>{t("admin.catalogue.editUnit", { unit: unitLabel(t, unit, i18n.language) })}</summary>
      <CatalogueForm form={form} intent="unit-update" submit={t("admin.catalogue.saveUnit")} hidden={{ unitId: unit.id }}>
        <UnitFields fields={fields} pricingPer={product.pricingPer} />
      </CatalogueForm>
      <RemoveForm intent="unit-remove" hidden={{ unitId: unit.id }} label={t("admin.catalogue.removeUnit")} />
    </details>
  );
}

function AddUnit({ option, pricingPer }: { option: OptionData; pricingPer: string }) {
  const { t } = useTranslation();
  const formId = `unit-add-${option.id}`;
  const lastResult = useResultFor(formId);
  const [form, fields] = useCatalogueForm(formId, UnitSchema, lastResult, { type: option.units.length === 0 ? "ADULT" : "CHILD", minAge: "0", maxAge: "99" });
  return (
    <details className="admin-details" open={Boolean(lastResult)}>
      <summary>{t("admin.catalogue.addUnit")}</summary>
      <CatalogueForm form={form} intent="unit-add" submit={t("admin.catalogue.addUnit")} hidden={{ optionId: option.id }}>
        <UnitFields fields={fields} pricingPer={pricingPer} />
      </CatalogueForm>
    </details>
  );
}

function AddSeason({ option, pricingPer }: { option: OptionData; pricingPer: string }) {
  const { t, i18n } = useTranslation();
  const formId = `season-add-${option.id}`;
  const lastResult = useResultFor(formId);
  const [form, fields] = useCatalogueForm(formId, SeasonSchema, lastResult, seasonFormValues(option.units as never));
  return (
    <details className="admin-details" open={Boolean(lastResult)}>
      <summary>{t("admin.catalogue.addSeason")}</summary>
      <CatalogueForm form={form} intent="season-add" submit={t("admin.catalogue.addSeason")} hidden={{ optionId: option.id }}>
        <SeasonFields fields={fields} pricingPer={pricingPer} units={option.units.map((unit) => ({ id: unit.id, label: unitLabel(t, unit, i18n.language) }))} />
      </CatalogueForm>
    </details>
  );
}

function AddOptionCard({ pricingPer }: { pricingPer: string }) {
  const { t } = useTranslation();
  const lastResult = useResultFor("option-add");
  const [form, fields] = useCatalogueForm("option-add", OptionSchema, lastResult, { durationMinutes: "120", cutoffMinutes: "0", minUnits: "1" });
  return (
    <AdminCard id="option-add-card" title={t("admin.catalogue.addOption")}>
      <CatalogueForm form={form} intent="option-add" submit={t("admin.catalogue.addOption")}>
        <OptionFields fields={fields} pricingPer={pricingPer} />
      </CatalogueForm>
    </AdminCard>
  );
}

function BulkCard() {
  const { t } = useTranslation();
  const [form, fields] = useCatalogueForm("bulk", BulkPriceSchema, useResultFor("bulk"));
  return (
    <AdminCard id="prices" title={t("admin.catalogue.bulk.productTitle")}>
      <p className="admin-muted">{t("admin.catalogue.bulk.productHint")}</p>
      <CatalogueForm form={form} intent="bulk" submit={t("admin.catalogue.bulk.apply")} submitClassName="button button--secondary">
        <BulkPriceFields fields={fields} />
      </CatalogueForm>
    </AdminCard>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
