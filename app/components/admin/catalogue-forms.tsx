/**
 * The catalogue console's forms: a product (texts in four languages, selling rules, meeting and pickup
 * points, cancellation windows), an option, a unit and a price season. Plain POST forms wired by conform
 * (useStaffForm) that work without JavaScript; each names its form by `intent`.
 */
import { getInputProps, useForm, type DefaultValue, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "@remix-run/react";
import { ErrorList, HiddenFields } from "#app/components/forms";
import { ConformForm, InputField, SelectField, TextareaInputField, useRefusalShown } from "#app/components/conform-fields";
import type { LocalizedText } from "#app/db/types";
import { QUESTION_SCOPES, QUESTION_TYPES, UNIT_TYPES } from "#app/db/types";
import { AVAILABILITY_TYPES, CONFIRMATION, PRICING_PER, parseCatalogueForm } from "#app/catalogue/manage/schemas";
import { CURRENCIES } from "#app/lib/money";
import { z } from "zod";

type AnyField = FieldMetadata<unknown>;
type Choice = { id: string; name: LocalizedText };
export type CatalogueChoices = { destinations: Choice[]; categories: Choice[]; themes: Choice[]; labels: Choice[] };

const LANGS = ["en", "ru", "zh", "ar"] as const;

/** A catalogue form: validated on submit, then as the member types, with the schema the action uses. */
export function useCatalogueForm<Schema extends z.ZodType<Record<string, unknown>>>(id: string, schema: Schema, lastResult: SubmissionResult<string[]> | null | undefined, defaultValue?: Record<string, unknown>) {
  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult,
    // Native constraints come from the object before its transform (conform reads no pipes).
    constraint: getZodConstraint(schema instanceof z.ZodPipe ? (schema.in as z.ZodType) : schema),
    onValidate: ({ formData }) => parseCatalogueForm(formData, schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: defaultValue as DefaultValue<z.input<Schema> & Record<string, unknown>>,
  });
  return [useRefusalShown(form), fields] as const;
}

function useName() {
  const { i18n } = useTranslation();
  return (text: LocalizedText) => (i18n.language === "ar" ? text.ar || text.en : text.en);
}

/** One text in the four languages; English is required, the others fall back to it. */
export function LocalizedInputs({ field, label, textarea = false }: { field: AnyField; label: string; textarea?: boolean }) {
  const { t } = useTranslation();
  const fieldset = (field as FieldMetadata<Record<(typeof LANGS)[number], string>>).getFieldset();
  return (
    <fieldset className="admin-fieldset admin-localized">
      <legend>{label}</legend>
      {LANGS.map((lang) => {
        const sub = fieldset[lang] as AnyField;
        const text = `${label} (${t(`admin.catalogue.languages.${lang}`)})`;
        const extra = { lang, dir: lang === "ar" ? "rtl" : "ltr", ...(lang === "en" ? {} : { placeholder: t("admin.catalogue.fallbackHint") }) };
        return textarea ? <TextareaInputField key={lang} field={sub} label={text} rows={2} {...extra} /> : <InputField key={lang} field={sub} label={text} {...extra} />;
      })}
    </fieldset>
  );
}

/** A native checkbox for a boolean field. */
export function CheckboxField({ field, label, hint }: { field: AnyField; label: ReactNode; hint?: ReactNode }) {
  const props = getInputProps(field as FieldMetadata<boolean>, { type: "checkbox" });
  return (
    <div className="admin-check">
      <input {...props} />
      <label htmlFor={props.id}>{label}</label>
      {hint ? <p className="form-hint">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A group of checkboxes for a list field (categories, themes, labels, unit types). */
export function CheckboxGroup({ field, legend, choices }: { field: AnyField; legend: string; choices: Array<{ value: string; label: string }> }) {
  const initial = field.initialValue;
  const selected = new Set(Array.isArray(initial) ? (initial as string[]) : typeof initial === "string" ? [initial] : []);
  return (
    <fieldset className="admin-fieldset admin-choices" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>{legend}</legend>
      <div className="admin-choices__list">
        {choices.map((choice) => (
          <label key={choice.value} className="admin-choices__item">
            <input type="checkbox" name={field.name} value={choice.value} defaultChecked={selected.has(choice.value)} />
            {choice.label}
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

// Conform's form metadata with the schema's input shape is deep; the fields are read by name here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata generics are not worth threading through every helper
type AnyForm = FormMetadata<any, string[]>;
type Fields = Record<string, AnyField>;

export function CatalogueForm({ form, intent, children, submit, className = "admin-form", submitClassName, hidden }: { form: AnyForm; intent: string; children: ReactNode; submit: string; className?: string; submitClassName?: string; hidden?: Record<string, string> }) {
  return (
    <ConformForm form={form} className={className} submitLabel={submit} submitClassName={submitClassName} busy={false} hidden={{ intent, ...hidden }}>
      {children}
    </ConformForm>
  );
}

/** A one-button form that removes a part of a product (an option, a unit, a price season) named by its id. */
export function RemoveForm({ intent, hidden, label }: { intent: string; hidden: Record<string, string>; label: string }) {
  return (
    <Form method="post">
      <HiddenFields values={hidden} />
      <button type="submit" name="intent" value={intent} className="admin-link-button">
        {label}
      </button>
    </Form>
  );
}

/** The select of a product's city, by its name in the console's language. */
export function DestinationSelect({ field, destinations }: { field: AnyField; destinations: Choice[] }) {
  const { t } = useTranslation();
  const name = useName();
  return (
    <SelectField field={field} label={t("admin.catalogue.fields.destination")}>
      <option value="">{t("admin.catalogue.choose")}</option>
      {destinations.map((destination) => (
        <option key={destination.id} value={destination.id}>
          {name(destination.name)}
        </option>
      ))}
    </SelectField>
  );
}

/** A select's options from a fixed list of values, each named by `label`. */
function ValueOptions({ values, label }: { values: readonly string[]; label: (value: string) => string }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** The fields of a price change by a percentage (one product's or a city's): the percentage and why. */
export function BulkPriceFields({ fields }: { fields: Fields }) {
  const { t } = useTranslation();
  return (
    <>
      <InputField field={fields.percent!} type="number" step="0.01" label={t("admin.catalogue.bulk.percent")} hint={t("admin.catalogue.bulk.percentHint")} dir="ltr" />
      <InputField field={fields.reason!} label={t("admin.catalogue.bulk.reason")} />
    </>
  );
}

export function ProductFields({ fields, choices, currencyLocked }: { fields: Fields; choices: CatalogueChoices; currencyLocked: boolean }) {
  const { t } = useTranslation();
  const name = useName();
  const pickup = (fields.pickupPoints as FieldMetadata<Array<Record<string, unknown>>>).getFieldList();
  const windows = (fields.cancellation as FieldMetadata<Array<Record<string, unknown>>>).getFieldList();
  return (
    <div className="admin-product-form">
      <section className="admin-product-form__group">
        <h3>{t("admin.catalogue.groups.where")}</h3>
        <DestinationSelect field={fields.destinationId!} destinations={choices.destinations} />
        <CheckboxGroup field={fields.categoryIds!} legend={t("admin.catalogue.fields.categories")} choices={choices.categories.map((choice) => ({ value: choice.id, label: name(choice.name) }))} />
        <CheckboxGroup field={fields.themeIds!} legend={t("admin.catalogue.fields.themes")} choices={choices.themes.map((choice) => ({ value: choice.id, label: name(choice.name) }))} />
        <CheckboxGroup field={fields.labels!} legend={t("admin.catalogue.fields.labels")} choices={choices.labels.map((choice) => ({ value: choice.id, label: name(choice.name) }))} />
      </section>
      <section className="admin-product-form__group">
        <h3>{t("admin.catalogue.groups.texts")}</h3>
        <LocalizedInputs field={fields.title!} label={t("admin.catalogue.fields.title")} />
        <LocalizedInputs field={fields.shortDescription!} label={t("admin.catalogue.fields.shortDescription")} textarea />
      </section>
      <section className="admin-product-form__group">
        <h3>{t("admin.catalogue.groups.selling")}</h3>
        <div className="admin-grid">
          <SelectField field={fields.currency!} label={t("admin.catalogue.fields.currency")} aria-describedby={currencyLocked ? "currency-locked" : undefined}>
            <ValueOptions values={CURRENCIES} label={(currency) => currency} />
          </SelectField>
          <SelectField field={fields.pricingPer!} label={t("admin.catalogue.fields.pricingPer")}>
            <ValueOptions values={PRICING_PER} label={(value) => t(`admin.catalogue.pricingPer.${value}`)} />
          </SelectField>
          <SelectField field={fields.confirmation!} label={t("admin.catalogue.fields.confirmation")}>
            <ValueOptions values={CONFIRMATION} label={(value) => t(`admin.catalogue.confirmation.${value}`)} />
          </SelectField>
          <SelectField field={fields.availabilityType!} label={t("admin.catalogue.fields.availabilityType")}>
            <ValueOptions values={AVAILABILITY_TYPES} label={(value) => t(`admin.catalogue.availabilityType.${value}`)} />
          </SelectField>
          <InputField field={fields.durationMinutes!} type="number" label={t("admin.catalogue.fields.durationMinutes")} min={5} />
          <InputField field={fields.capacityPerItem!} type="number" label={t("admin.catalogue.fields.capacityPerItem")} min={1} />
          <InputField field={fields.payLaterDeadlineHours!} type="number" label={t("admin.catalogue.fields.payLaterDeadlineHours")} min={1} />
        </div>
        {currencyLocked ? (
          <p className="form-hint" id="currency-locked">
            {t("admin.catalogue.errors.currencyLocked")}
          </p>
        ) : null}
        <CheckboxField field={fields.payLaterAllowed!} label={t("admin.catalogue.fields.payLaterAllowed")} />
        <CheckboxField field={fields.noFixedPrice!} label={t("admin.catalogue.fields.noFixedPrice")} hint={t("admin.catalogue.noFixedPriceHint")} />
      </section>
      <section className="admin-product-form__group">
        <h3>{t("admin.catalogue.groups.meeting")}</h3>
        <LocalizedInputs field={fields.meetingPoint!} label={t("admin.catalogue.fields.meetingPoint")} />
        <div className="admin-grid">
          <InputField field={fields.latitude!} type="number" step="any" label={t("admin.catalogue.fields.latitude")} dir="ltr" />
          <InputField field={fields.longitude!} type="number" step="any" label={t("admin.catalogue.fields.longitude")} dir="ltr" />
        </div>
        <fieldset className="admin-fieldset">
          <legend>{t("admin.catalogue.fields.pickupPoints")}</legend>
          <p className="form-hint">{t("admin.catalogue.blankRowHint")}</p>
          {pickup.map((row, index) => {
            const point = row.getFieldset() as Fields;
            return (
              <div key={row.key} className="admin-pickup-point">
                <LocalizedInputs field={point.name!} label={t("admin.catalogue.fields.pickupName", { n: index + 1 })} />
                <div className="admin-grid admin-grid--row">
                  <InputField field={point.latitude!} type="number" step="any" label={t("admin.catalogue.fields.latitude")} dir="ltr" />
                  <InputField field={point.longitude!} type="number" step="any" label={t("admin.catalogue.fields.longitude")} dir="ltr" />
                  <InputField field={point.time!} label={t("admin.catalogue.fields.pickupTime")} placeholder="15:00" dir="ltr" />
                </div>
              </div>
            );
          })}
        </fieldset>
      </section>
      <section className="admin-product-form__group">
        <h3>{t("admin.catalogue.groups.cancellation")}</h3>
        <CheckboxField field={fields.nonRefundable!} label={t("admin.catalogue.fields.nonRefundable")} />
        <p className="form-hint">{t("admin.catalogue.cancellationHint")}</p>
        {windows.map((row, index) => {
          const window = row.getFieldset() as Fields;
          return (
            <div key={row.key} className="admin-grid admin-grid--row">
              <InputField field={window.hoursBefore!} type="number" min={0} label={t("admin.catalogue.fields.hoursBefore", { n: index + 1 })} />
              <InputField field={window.refundPercent!} type="number" min={0} max={100} label={t("admin.catalogue.fields.refundPercent")} />
            </div>
          );
        })}
      </section>
    </div>
  );
}

/** Number inputs for the named fields, each with its least value and labelled by its name (admin.catalogue.fields.<name>). */
function WholeNumberFields({ fields, least }: { fields: Fields; least: Record<string, number> }) {
  const { t } = useTranslation();
  return Object.entries(least).map(([name, min]) => <InputField key={name} field={fields[name]!} type="number" min={min} label={t(`admin.catalogue.fields.${name}`)} />);
}

/** A price in major units and the higher one it is shown against (struck through), both typed left to right. */
function PriceFields({ price, original, label }: { price: AnyField; original: AnyField; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <InputField field={price} label={label} inputMode="decimal" dir="ltr" />
      <InputField field={original} label={t("admin.catalogue.fields.priceOriginal")} inputMode="decimal" dir="ltr" />
    </>
  );
}

export function OptionFields({ fields, pricingPer }: { fields: Fields; pricingPer: string }) {
  const { t } = useTranslation();
  return (
    <>
      <LocalizedInputs field={fields.title!} label={t("admin.catalogue.fields.optionTitle")} />
      <div className="admin-grid">
        <WholeNumberFields fields={fields} least={{ durationMinutes: 5, cutoffMinutes: 0, minUnits: 1, maxUnits: 1 }} />
        {pricingPer === "BOOKING" ? (
          <>
            <PriceFields price={fields.bookingPrice!} original={fields.bookingPriceOriginal!} label={t("admin.catalogue.fields.bookingPrice")} />
            <WholeNumberFields fields={fields} least={{ bookingMaxPax: 1 }} />
          </>
        ) : null}
      </div>
    </>
  );
}

export function UnitFields({ fields, pricingPer }: { fields: Fields; pricingPer: string }) {
  const { t } = useTranslation();
  const title = (fields.title as FieldMetadata<Record<string, string>>).getFieldset() as Fields;
  return (
    <>
      <div className="admin-grid">
        <SelectField field={fields.type!} label={t("admin.catalogue.fields.unitType")}>
          <ValueOptions values={UNIT_TYPES} label={(type) => t(`admin.catalogue.unitTypes.${type}`)} />
        </SelectField>
        <InputField field={title.en!} label={t("admin.catalogue.fields.unitTitle")} placeholder={t("admin.catalogue.unitTitleHint")} lang="en" dir="ltr" />
        <WholeNumberFields fields={fields} least={{ minAge: 0, maxAge: 0, minQuantity: 0, maxQuantity: 1 }} />
        {pricingPer === "UNIT" ? (
          <PriceFields price={fields.price!} original={fields.priceOriginal!} label={t("admin.catalogue.fields.price")} />
        ) : null}
      </div>
      <CheckboxGroup
        field={fields.accompaniedBy!}
        legend={t("admin.catalogue.fields.accompaniedBy")}
        choices={UNIT_TYPES.filter((type) => type === "ADULT" || type === "SENIOR" || type === "FAMILY").map((type) => ({ value: type, label: t(`admin.catalogue.unitTypes.${type}`) }))}
      />
    </>
  );
}

export function SeasonFields({ fields, pricingPer, units }: { fields: Fields; pricingPer: string; units: Array<{ id: string; label: string }> }) {
  const { t } = useTranslation();
  const rows = (fields.units as FieldMetadata<Array<Record<string, unknown>>>).getFieldList();
  return (
    <>
      <div className="admin-grid">
        <InputField field={fields.validFrom!} type="date" label={t("admin.catalogue.fields.validFrom")} />
        <InputField field={fields.validTo!} type="date" label={t("admin.catalogue.fields.validTo")} />
        {pricingPer === "BOOKING" ? (
          <>
            <PriceFields price={fields.bookingPrice!} original={fields.bookingPriceOriginal!} label={t("admin.catalogue.fields.bookingPrice")} />
          </>
        ) : null}
      </div>
      {pricingPer === "UNIT"
        ? rows.map((row, index) => {
            const unit = units[index];
            if (!unit) return null;
            const fieldset = row.getFieldset() as Fields;
            return (
              <div key={row.key} className="admin-grid admin-grid--row">
                <input type="hidden" name={fieldset.unitId!.name} value={unit.id} />
                <InputField field={fieldset.price!} label={t("admin.catalogue.fields.seasonPrice", { unit: unit.label })} inputMode="decimal" dir="ltr" />
                <InputField field={fieldset.original!} label={t("admin.catalogue.fields.seasonOriginal", { unit: unit.label })} inputMode="decimal" dir="ltr" />
              </div>
            );
          })
        : null}
    </>
  );
}

/** A booking question's fields: its text in four languages, type, scope, required, and a choice question's answers. */
export function QuestionFields({ fields }: { fields: Fields }) {
  const { t } = useTranslation();
  return (
    <>
      <LocalizedInputs field={fields.label!} label={t("admin.catalogue.questions.fields.label")} />
      <div className="admin-grid">
        <SelectField field={fields.type!} label={t("admin.catalogue.questions.fields.type")}>
          <ValueOptions values={QUESTION_TYPES} label={(value) => t(`admin.catalogue.questions.types.${value}`)} />
        </SelectField>
        <SelectField field={fields.scope!} label={t("admin.catalogue.questions.fields.scope")}>
          <ValueOptions values={QUESTION_SCOPES} label={(value) => t(`admin.catalogue.questions.scopes.${value}`)} />
        </SelectField>
      </div>
      <CheckboxField field={fields.required!} label={t("admin.catalogue.questions.fields.required")} />
      <LocalizedInputs field={fields.choices!} label={t("admin.catalogue.questions.fields.choices")} textarea />
      <p className="form-hint">{t("admin.catalogue.questions.choicesHint")}</p>
    </>
  );
}
