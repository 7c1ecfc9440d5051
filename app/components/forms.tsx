/**
 * The form kit: every form field renders through these, so labels, `aria-invalid`,
 * `aria-describedby` and error lists are the same everywhere. Error messages are i18n keys, translated
 * here. The conform helpers (InputField, TextareaField, SelectField) take a conform field and wire
 * name, id, constraints, default value and ARIA; Field, TextareaField's raw twin and ErrorList also
 * work without conform (plain forms that must post without JavaScript).
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { HONEYPOT_FIELD } from "#app/lib/honeypot";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * A field's messages, tied to its control by `id` (the control's aria-describedby). Always rendered
 * (empty when valid) so the reference never dangles; CSS hides it when empty.
 */
export function ErrorList({ id, errors, values }: { id: string; errors?: ListOfErrors; values?: Record<string, string | number> }) {
  const { t } = useTranslation();
  const messages = errors?.filter((error): error is string => Boolean(error)) ?? [];
  return (
    <ul id={id} className="form-errors">
      {messages.map((error) => (
        <li key={error}>{t(error, values)}</li>
      ))}
    </ul>
  );
}

/** Form-level messages ('All fields must be filled out.', the rate limit), announced to screen readers. */
export function FormErrors({ id, errors, values }: { id: string; errors?: ListOfErrors; values?: Record<string, string | number> }) {
  const { t } = useTranslation();
  const messages = errors?.filter((error): error is string => Boolean(error)) ?? [];
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="form-errors form-errors--form" id={id}>
      {messages.map((error) => (
        <p key={error}>{t(error, values)}</p>
      ))}
    </div>
  );
}

type FieldFrame = { label: ReactNode; errors?: ListOfErrors; errorId?: string; hint?: ReactNode; className?: string };

/** The ARIA a control needs for its errors: invalid while it has some, described by their list. */
export function errorAria(errors: ListOfErrors, errorId: string | undefined) {
  const invalid = Boolean(errorId && errors?.some(Boolean));
  return { "aria-invalid": invalid ? true : undefined, "aria-describedby": invalid ? errorId : undefined } as const;
}

function Frame({ id, label, errors, errorId, hint, className = "form-field", children }: FieldFrame & { id: string | undefined; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <p className="form-hint">{hint}</p> : null}
      {errorId ? <ErrorList id={errorId} errors={errors} /> : null}
    </div>
  );
}

/** A labelled input; `errorId` names its error list (leave it out in forms that show no errors). */
export function Field({ inputProps, ...frame }: FieldFrame & { inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string } }) {
  return (
    <Frame id={inputProps.id} {...frame}>
      <input {...errorAria(frame.errors, frame.errorId)} {...inputProps} />
    </Frame>
  );
}

/** A labelled textarea, as Field. */
export function TextareaField({ textareaProps, ...frame }: FieldFrame & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string } }) {
  return (
    <Frame id={textareaProps.id} {...frame}>
      <textarea {...errorAria(frame.errors, frame.errorId)} {...textareaProps} />
    </Frame>
  );
}

type InputType = "text" | "email" | "password" | "date" | "number" | "tel";
type ConformField = FieldMetadata<unknown>;
type Extra<T> = Omit<T, "id" | "name" | "defaultValue" | "type" | "children">;

/** A conform field as a labelled input. Passwords are never echoed back into the page after a failed submit. */
export function InputField({ field, type = "text", label, hint, className, ...rest }: { field: ConformField; type?: InputType; label: ReactNode; hint?: ReactNode; className?: string } & Extra<InputHTMLAttributes<HTMLInputElement>>) {
  const props = getInputProps(field as FieldMetadata<string>, { type, value: type !== "password" });
  return <Field label={label} hint={hint} className={className} errors={field.errors} errorId={field.errorId} inputProps={{ ...props, ...rest }} />;
}

/** A conform field as a labelled textarea. */
export function TextareaInputField({ field, label, hint, className, ...rest }: { field: ConformField; label: ReactNode; hint?: ReactNode; className?: string } & Extra<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return <TextareaField label={label} hint={hint} className={className} errors={field.errors} errorId={field.errorId} textareaProps={{ ...getTextareaProps(field as FieldMetadata<string>), ...rest }} />;
}

/** A conform field as a labelled native select (works without JavaScript). */
export function SelectField({ field, label, className, children, ...rest }: { field: ConformField; label: ReactNode; className?: string; children: ReactNode } & Extra<SelectHTMLAttributes<HTMLSelectElement>>) {
  const props = getSelectProps(field as FieldMetadata<string>);
  return (
    <Frame id={props.id} label={label} className={className} errors={field.errors} errorId={field.errorId}>
      <select {...props} {...rest}>
        {children}
      </select>
    </Frame>
  );
}

/** The honeypot (see app/lib/honeypot.ts): hidden from people and assistive technology, filled by bots. */
export function Honeypot({ formId, label }: { formId: string; label: string }) {
  const id = `${formId}-website`;
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
