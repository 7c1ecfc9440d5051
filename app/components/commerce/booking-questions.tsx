/**
 * Checkout's booking questions (issue #33): one fieldset per booking whose experience asks something,
 * after the contact details. Plain inputs named by answerField, so the form posts them with or without
 * JavaScript; after a refused submit the typed answers come back as `values` and the messages as `errors`.
 */
import { useTranslation } from "react-i18next";
import { askedFields, localized, type AskedField, type BookingQuestion } from "#app/booking/questions";
import { Frame, errorAria } from "#app/components/forms";

export type AnswersState = { values: Record<string, string>; errors: Record<string, string> };

export type QuestionLine = { id: string; title: string; travellerCount: number; questions: BookingQuestion[] };

export function BookingQuestionsFieldsets({ lines, state }: { lines: readonly QuestionLine[]; state: AnswersState | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {lines
        .filter((line) => line.questions.length > 0)
        .map((line) => (
          <fieldset key={line.id} className="checkout-questions">
            <legend>{t("booking.questions.heading", { title: line.title })}</legend>
            <p className="checkout-form__hint">{t("booking.questions.hint")}</p>
            {askedFields(line.questions, line.travellerCount, line.id).map((asked) => (
              <QuestionInput key={asked.field} asked={asked} value={state?.values[asked.field] ?? ""} error={state?.errors[asked.field]} />
            ))}
          </fieldset>
        ))}
    </>
  );
}

function QuestionInput({ asked, value, error }: { asked: AskedField; value: string; error: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { question, traveller, field } = asked;
  const id = `answer-${field}`;
  const errorId = `${id}-error`;
  const text = localized(question.label, i18n.language);
  const label = (
    <>
      {traveller === null ? text : t("booking.questions.forTraveller", { question: text, number: traveller })}
      {question.required ? null : <span className="checkout-questions__optional"> {t("booking.questions.optional")}</span>}
    </>
  );
  const common = { id, name: field, defaultValue: value, "aria-required": question.required || undefined, ...errorAria(error ? [error] : undefined, errorId) };
  return (
    <Frame id={id} label={label} errors={error ? [error] : undefined} errorId={errorId} className="field">
      {question.type === "CHOICE" ? (
        <select {...common}>
          <option value="">{t("booking.questions.choose")}</option>
          {question.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {localized(choice.label, i18n.language)}
            </option>
          ))}
        </select>
      ) : question.type === "DATE" ? (
        <input {...common} type="date" dir="ltr" />
      ) : question.type === "NUMBER" ? (
        <input {...common} type="text" inputMode="decimal" dir="ltr" maxLength={14} />
      ) : (
        <input {...common} type="text" maxLength={500} />
      )}
    </Frame>
  );
}
