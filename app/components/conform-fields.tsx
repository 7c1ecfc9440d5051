/**
 * The form kit's conform-bound fields (see forms.tsx): each takes a conform field and wires name, id,
 * constraints, default value and ARIA into forms.tsx's Field, TextareaField and Frame. A module of its
 * own so that only the routes with conform forms download conform.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Field, Frame, TextareaField } from "#app/components/forms";

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
