/**
 * A booking's answers to its experience's questions (issue #33), as the manifest, the day sheet and the
 * order pages show them: each question (with its traveller) and the answer, in the page's language.
 */
import { useTranslation } from "react-i18next";
import type { ReadAnswer } from "#app/booking/questions";

export function BookingAnswers({ answers, className = "booking-answers" }: { answers: readonly ReadAnswer[]; className?: string }) {
  const { t } = useTranslation();
  if (answers.length === 0) return null;
  return (
    <dl className={className} aria-label={t("booking.questions.answers")}>
      {answers.map((answer) => (
        <div key={`${answer.label}|${answer.traveller ?? ""}`} className="booking-answers__row">
          <dt>{answer.traveller === null ? answer.label : t("booking.questions.forTraveller", { question: answer.label, number: answer.traveller })}</dt>
          <dd>{answer.text}</dd>
        </div>
      ))}
    </dl>
  );
}
