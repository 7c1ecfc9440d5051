/**
 * The form kit's conform-bound fields (see forms.tsx): each takes a conform field and wires name, id,
 * constraints, default value and ARIA into forms.tsx's Field, TextareaField and Frame; with them the
 * form's conform setup (useSchemaForm) and its shell (ConformForm). A module of its own so that only
 * the routes with conform forms download conform.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useReducer, type FormEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import type { z } from "zod";
import { Field, FormErrors, Frame, HiddenFields, Honeypot, TextareaField } from "#app/components/forms";

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

type Parse<Schema extends z.ZodType> = (formData: FormData, schema: Schema) => Submission<z.input<Schema>, string[], z.output<Schema>>;

const parseWithSchema = <Schema extends z.ZodType>(formData: FormData, schema: Schema) => parseWithZod(formData, { schema });

/**
 * One conform setup for a zod-validated form: the schema's constraints for native validation, the same
 * parse as the action (`parse`, e.g. parseAuthForm with its form-level message), first on `shouldValidate`
 * then as the visitor types.
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  id: string,
  schema: Schema,
  options: {
    lastResult: SubmissionResult<string[]> | null | undefined;
    parse?: Parse<Schema>;
    defaultValue?: DefaultValue<z.input<Schema>>;
    shouldValidate?: "onSubmit" | "onBlur";
  },
) {
  const { lastResult, parse = parseWithSchema, defaultValue, shouldValidate = "onSubmit" } = options;
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parse(formData, schema),
    shouldValidate,
    shouldRevalidate: "onInput",
    defaultValue,
  });
  return [useRefusalShown(form), fields] as const;
}

/**
 * Conform re-renders a form's owner after a refused submit only for the errors that owner's last render
 * subscribed to. On a console page loaded in full (not reached by a client navigation), a refused submit
 * with JavaScript on showed nothing: conform kept the messages and focused the first wrong field, but
 * no render followed until the next keystroke. So the owner re-renders itself when a submit is refused.
 */
export function useRefusalShown<Metadata extends { onSubmit: (event: FormEvent<HTMLFormElement>) => void }>(form: Metadata): Metadata {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  return new Proxy(form, {
    get(target, key) {
      if (key !== "onSubmit") return Reflect.get(target, key);
      return (event: FormEvent<HTMLFormElement>) => {
        target.onSubmit(event);
        if (event.defaultPrevented) rerender();
      };
    },
  });
}

/**
 * `useSchemaForm` for the one form of a page whose action answers with nothing but that form's conform
 * reply (or a redirect): the reply is the route's action data, read here rather than by every page.
 */
export function useActionForm<Schema extends z.ZodObject>(id: string, schema: Schema, options: Omit<Parameters<typeof useSchemaForm<Schema>>[2], "lastResult"> = {}) {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return useSchemaForm(id, schema, { ...options, lastResult });
}

/**
 * A conform form that posts to its route's action: its hidden values (the `intent` first), its form-level
 * messages, then the fields, the
 * honeypot when the form has one (bots, see app/lib/honeypot.ts), `beforeSubmit` and one submit button,
 * disabled while the post is under way.
 */
export function ConformForm({
  form,
  className,
  submitLabel,
  submitClassName = "button button--primary",
  busy,
  hidden,
  honeypotLabel,
  beforeSubmit,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata: the shell reads only its id and form-level errors
  form: FormMetadata<any, string[]>;
  className: string;
  submitLabel: ReactNode;
  submitClassName?: string;
  /** Disables the button; by default while any form of the page is submitting. */
  busy?: boolean;
  hidden?: Record<string, string | number>;
  honeypotLabel?: string;
  beforeSubmit?: ReactNode;
  children: ReactNode;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
      {hidden ? <HiddenFields values={hidden} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      {honeypotLabel ? <Honeypot formId={form.id} label={honeypotLabel} /> : null}
      {beforeSubmit}
      <button type="submit" className={submitClassName} disabled={busy ?? submitting}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** An email address: typed left to right in every locale, filled in by the browser. */
export function EmailField({ field, label, autoComplete = "email" }: { field: ConformField; label: ReactNode; autoComplete?: string }) {
  return <InputField field={field} label={label} type="email" autoComplete={autoComplete} dir="ltr" />;
}

/** The new-password pair (choose one, type it again), with the rule's hint under the first where the form gives one. */
export function NewPasswordFields({ password, confirmPassword, labels, hint }: { password: ConformField; confirmPassword: ConformField; labels: { password: ReactNode; confirm: ReactNode }; hint?: ReactNode }) {
  return (
    <>
      <InputField field={password} label={labels.password} type="password" autoComplete="new-password" hint={hint} />
      <InputField field={confirmPassword} label={labels.confirm} type="password" autoComplete="new-password" />
    </>
  );
}
