import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { HONEYPOT_FIELD } from "./schemas";

/** Translated error messages of a field, tied to it with aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="form-errors">
      {errors?.map((error) => <li key={error}>{t(error)}</li>)}
    </ul>
  );
}

/** Form-level messages ('All fields must be filled out.', the rate limit), announced to screen readers. */
export function FormErrors({ id, errors, values }: { id: string; errors: string[] | undefined; values?: Record<string, string | number> }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div role="alert" className="form-errors form-errors--form" id={id}>
      {errors.map((error) => (
        <p key={error}>{t(error, values)}</p>
      ))}
    </div>
  );
}

type InputType = "text" | "email" | "password" | "date" | "number" | "tel";

export function TextField({ field, label, type = "text", autoComplete, hint }: { field: FieldMetadata<unknown>; label: string; type?: InputType; autoComplete?: string; hint?: string }) {
  // Passwords are never echoed back into the page after a failed submit.
  const props = getInputProps(field as FieldMetadata<string>, { type, value: type !== "password" });
  return (
    <div className="form-field">
      <label htmlFor={field.id}>{label}</label>
      <input {...props} autoComplete={autoComplete} />
      {hint ? <p className="form-hint">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A field people never see (bots fill it in); the actions ignore submissions that carry it. */
export function Honeypot({ formId }: { formId: string }) {
  const { t } = useTranslation();
  const id = `${formId}-website`;
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>{t("account.fields.honeypot")}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
