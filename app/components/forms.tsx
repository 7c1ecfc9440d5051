/**
 * The form kit: every form field renders through these, so labels, `aria-invalid`,
 * `aria-describedby` and error lists are the same everywhere. Error messages are i18n keys, translated
 * here. Field, TextareaField and ErrorList work without conform (plain forms that must post without
 * JavaScript); the conform-bound twins (InputField, TextareaInputField, SelectField) live in
 * conform-fields.tsx, so pages whose forms are plain (the product page's review form) do not download
 * conform (~11 KB gzip) with them.
 */
import { Form } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
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

export type FieldFrame = { label: ReactNode; errors?: ListOfErrors; errorId?: string; hint?: ReactNode; className?: string };

/** The ARIA a control needs for its errors: invalid while it has some, described by their list. */
export function errorAria(errors: ListOfErrors, errorId: string | undefined) {
  const invalid = Boolean(errorId && errors?.some(Boolean));
  return { "aria-invalid": invalid ? true : undefined, "aria-describedby": invalid ? errorId : undefined } as const;
}

export function Frame({ id, label, errors, errorId, hint, className = "form-field", children }: FieldFrame & { id: string | undefined; children: ReactNode }) {
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

/** What a one-button form posts besides its button (the `intent` and what it acts on), as hidden inputs in the given order. */
export function HiddenFields({ values }: { values: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * A form that is one button: it posts `values` (the `intent` first) to `action`, the page's own route
 * when absent; `reloadDocument` where the answer is a new document rather than this page's data.
 */
export function PostButton({ action, values, className, reloadDocument, children }: { action?: string; values: Record<string, string | number>; className: string; reloadDocument?: boolean; children: ReactNode }) {
  return (
    <Form method="post" action={action} reloadDocument={reloadDocument}>
      <HiddenFields values={values} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
