/**
 * Booking questions (issue #33): what the operator must know, asked at checkout after the contact
 * details — per booking (asked once) or per traveller (asked once for each). Plain values in and out:
 * the checkout action passes the submitted fields and the traveller count, and gets either the answers
 * to store or, per field, the i18n key of its message (the typed input is the form's to keep).
 */
import { isIsoDate } from "#app/lib/dates";
import { QUESTION_SCOPES, QUESTION_TYPES, type BookingQuestion, type QuestionScope, type QuestionText, type QuestionType, type StoredAnswer } from "#app/db/types";

export { QUESTION_SCOPES, QUESTION_TYPES };
export type { BookingQuestion, QuestionScope, QuestionType, StoredAnswer };
/** Text in the four languages; English is required, an empty language falls back to English. */
export type LocalizedText = QuestionText;

export interface BookingAnswer {
  questionId: string;
  /** 1-based traveller for a TRAVELLER question, null for a BOOKING one. */
  traveller: number | null;
  value: string;
}

export const QUESTION_ERRORS = {
  required: "booking.questions.errors.required",
  tooLong: "booking.questions.errors.tooLong",
  choice: "booking.questions.errors.choice",
  date: "booking.questions.errors.date",
  number: "booking.questions.errors.number",
} as const;

/** The longest text answer kept (a hotel name and address, a dietary note). */
export const ANSWER_MAX_LENGTH = 500;
/** A traveller count beyond this is not asked per traveller (a cart item's own limit is far lower). */
const MAX_TRAVELLERS = 100;

/**
 * The form field of one answer: `q.<id>` for a booking question, `q.<id>.<n>` for traveller n; at
 * checkout, where several bookings are asked on one form, `q.<line>.<id>…` with the cart line's id.
 */
export function answerField(questionId: string, traveller: number | null, line?: string): string {
  const base = line === undefined ? `q.${questionId}` : `q.${line}.${questionId}`;
  return traveller === null ? base : `${base}.${traveller}`;
}

/** The label in the reader's language, English when that language is empty. */
export function localized(text: LocalizedText, locale: string): string {
  const value = locale === "ru" || locale === "zh" || locale === "ar" ? text[locale] : undefined;
  return value !== undefined && value.trim() !== "" ? value : text.en;
}

export interface AskedField {
  question: BookingQuestion;
  traveller: number | null;
  field: string;
}

/** Every (question, traveller) pair to ask, in the order the form shows them. */
export function askedFields(questions: readonly BookingQuestion[], travellers: number, line?: string): AskedField[] {
  const count = Math.max(0, Math.min(MAX_TRAVELLERS, Math.floor(travellers)));
  return questions.flatMap((question): AskedField[] =>
    question.scope === "BOOKING"
      ? [{ question, traveller: null, field: answerField(question.id, null, line) }]
      : Array.from({ length: count }, (_, index) => ({ question, traveller: index + 1, field: answerField(question.id, index + 1, line) })),
  );
}

const NUMBER_PATTERN = /^-?\d{1,9}(?:[.,]\d{1,3})?$/;

function checkValue(question: BookingQuestion, value: string): string | null {
  if (value.length > ANSWER_MAX_LENGTH) return QUESTION_ERRORS.tooLong;
  switch (question.type) {
    case "TEXT":
      return null;
    case "CHOICE":
      return question.choices.some((choice) => choice.id === value) ? null : QUESTION_ERRORS.choice;
    case "DATE":
      return isIsoDate(value) ? null : QUESTION_ERRORS.date;
    case "NUMBER":
      return NUMBER_PATTERN.test(value) ? null : QUESTION_ERRORS.number;
  }
}

export type AnswersResult = { ok: true; answers: BookingAnswer[] } | { ok: false; errors: Record<string, string> };

/**
 * Checks the submitted answers: a required question needs an answer (for every traveller when asked
 * per traveller); an optional one left empty is not stored; a given answer must fit its type (a
 * choice offered, a real calendar day, a number). Fields of questions not asked are ignored.
 */
export function validateAnswers(
  questions: readonly BookingQuestion[],
  submitted: Readonly<Record<string, string | undefined>>,
  travellers: number,
  line?: string,
): AnswersResult {
  const answers: BookingAnswer[] = [];
  const errors: Record<string, string> = {};
  for (const { question, traveller, field } of askedFields(questions, travellers, line)) {
    const raw = submitted[field];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value === "") {
      if (question.required) errors[field] = QUESTION_ERRORS.required;
      continue;
    }
    const error = checkValue(question, value);
    if (error !== null) errors[field] = error;
    else answers.push({ questionId: question.id, traveller, value: question.type === "NUMBER" ? value.replace(",", ".") : value });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** An answer as read on the manifest, the ticket and the order page: a choice by its label. */
export function answerText(question: BookingQuestion, answer: BookingAnswer, locale: string): string {
  if (question.type !== "CHOICE") return answer.value;
  const choice = question.choices.find((candidate) => candidate.id === answer.value);
  return choice === undefined ? answer.value : localized(choice.label, locale);
}

/** The answer kept on the order item: the value with the question's (and the choice's) label as asked. */
export function storedAnswer(question: BookingQuestion, answer: BookingAnswer): StoredAnswer {
  const choice = question.type === "CHOICE" ? question.choices.find((candidate) => candidate.id === answer.value) : undefined;
  return { ...answer, label: question.label, choiceLabel: choice?.label ?? null };
}

export type ReadAnswer = { label: string; traveller: number | null; text: string };

/** A kept answer as the manifest, the ticket and the order page read it, in `locale`. */
export function readAnswer(answer: StoredAnswer, locale: string): ReadAnswer {
  return { label: localized(answer.label, locale), traveller: answer.traveller, text: answer.choiceLabel ? localized(answer.choiceLabel, locale) : answer.value };
}

/** An answer on one line, as the CSV and the ticket print it: "Hotel: Hilton", "Diet #2: Vegetarian". */
export function answerLine(answer: ReadAnswer): string {
  return `${answer.label}${answer.traveller === null ? "" : ` #${answer.traveller}`}: ${answer.text}`;
}

/** The answer fields a form posted (`q.…`), as text; anything else in the form is not an answer. */
export function answerFieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (name.startsWith("q.") && name.length <= 200 && typeof value === "string") fields[name] = value.slice(0, ANSWER_MAX_LENGTH + 1);
  return fields;
}

/** One booking asked on the checkout form: its cart line, how many travellers, and its product's questions. */
export interface AskedLine {
  lineId: string;
  travellers: number;
  questions: readonly BookingQuestion[];
}

export type CartAnswersResult = { ok: true; answers: Map<string, StoredAnswer[]> } | { ok: false; errors: Record<string, string> };

/** Every booking's answers checked at once (the form shows every message together), kept per cart line. */
export function validateCartAnswers(lines: readonly AskedLine[], submitted: Readonly<Record<string, string | undefined>>): CartAnswersResult {
  const answers = new Map<string, StoredAnswer[]>();
  const errors: Record<string, string> = {};
  for (const line of lines) {
    const result = validateAnswers(line.questions, submitted, line.travellers, line.lineId);
    if (!result.ok) Object.assign(errors, result.errors);
    else {
      const byId = new Map(line.questions.map((question) => [question.id, question]));
      answers.set(line.lineId, result.answers.map((answer) => storedAnswer(byId.get(answer.questionId)!, answer)));
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** Whether a line's answers leave a required question unanswered (a cart that changed after the form was checked). */
export function missesRequired(line: AskedLine, answers: readonly StoredAnswer[] | undefined): boolean {
  return askedFields(line.questions, line.travellers).some(
    ({ question, traveller }) => question.required && !(answers ?? []).some((answer) => answer.questionId === question.id && answer.traveller === traveller),
  );
}
