/**
 * The product page's booking questions (issue #33): what checkout asks, in the order asked, each with
 * its type, scope and whether it must be answered, a remove button, and the form that adds one.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { localized } from "#app/booking/questions";
import { QuestionSchema } from "#app/catalogue/manage/schemas";
import type { BookingQuestion } from "#app/db/types";
import { AdminCard } from "./admin-ui";
import { CatalogueForm, QuestionFields, RemoveForm, useCatalogueForm } from "./catalogue-forms";

export function BookingQuestionsCard({ questions, lastResult }: { questions: readonly BookingQuestion[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation();
  // Keyed by the count in the route: after an add the form starts blank again.
  const [form, fields] = useCatalogueForm("question-add", QuestionSchema, lastResult, { type: "TEXT", scope: "BOOKING", required: "on" });
  return (
    <AdminCard id="questions" title={t("admin.catalogue.questions.title")}>
      <p className="admin-muted">{t("admin.catalogue.questions.hint")}</p>
      {questions.length === 0 ? (
        <p className="admin-empty">{t("admin.catalogue.questions.none")}</p>
      ) : (
        <ol className="admin-questions">
          {questions.map((question) => (
            <li key={question.id} className="admin-questions__item">
              <div>
                <strong>{localized(question.label, i18n.language)}</strong>
                <p className="admin-muted">
                  {[t(`admin.catalogue.questions.types.${question.type}`), t(`admin.catalogue.questions.scopes.${question.scope}`), t(question.required ? "admin.catalogue.questions.required" : "admin.catalogue.questions.optional")].join(" · ")}
                </p>
                {question.choices.length > 0 ? <p className="admin-muted">{question.choices.map((choice) => localized(choice.label, i18n.language)).join(" / ")}</p> : null}
              </div>
              <RemoveForm intent="question-remove" hidden={{ questionId: question.id }} label={t("admin.catalogue.questions.remove")} />
            </li>
          ))}
        </ol>
      )}
      <details className="admin-details" open={Boolean(lastResult)}>
        <summary>{t("admin.catalogue.questions.add")}</summary>
        <CatalogueForm form={form} intent="question-add" submit={t("admin.catalogue.questions.add")}>
          <QuestionFields fields={fields} />
        </CatalogueForm>
      </details>
    </AdminCard>
  );
}
