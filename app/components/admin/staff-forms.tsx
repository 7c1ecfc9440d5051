/**
 * The console's sign-in pages and forms: one card shell (brand, heading) for signing in, the code step
 * and the set-password link, and one conform setup for every staff form (validated on submit, then
 * as the member types, with the same zod schema the action uses).
 */
import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ConformForm, useActionForm, useSchemaForm } from "#app/components/conform-fields";
import { parseStaffForm } from "#app/staff/schemas";

export function AdminAuthCard({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="admin-auth" id="admin-main">
      <div className="admin-auth__card">
        <p className="admin-brand admin-brand--auth">
          Rihla <span>{t("admin.layout.console")}</span>
        </p>
        <h1>{heading}</h1>
        {children}
      </div>
    </main>
  );
}

export function useStaffForm<Schema extends z.ZodObject>(id: string, schema: Schema, lastResult: SubmissionResult<string[]> | null | undefined, defaultValue?: DefaultValue<z.input<Schema>>) {
  return useSchemaForm(id, schema, { lastResult, parse: parseStaffForm, defaultValue });
}

/** The form of a console sign-in page: its action answers with the form's reply alone (or a redirect). */
export function useStaffSignInForm<Schema extends z.ZodObject>(id: string, schema: Schema) {
  return useActionForm(id, schema, { parse: parseStaffForm });
}

/** The console sign-in pages' form: the console's form classes and its full-width submit button. */
export function AdminAuthForm({ form, submitLabel, children }: { form: Parameters<typeof ConformForm>[0]["form"]; submitLabel: ReactNode; children: ReactNode }) {
  return (
    <ConformForm form={form} className="admin-form" submitClassName="button button--primary admin-auth__submit" submitLabel={submitLabel}>
      {children}
    </ConformForm>
  );
}
