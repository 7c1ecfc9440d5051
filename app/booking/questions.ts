/**
 * Booking questions (issue #33): what the operator must know, asked at checkout after the contact
 * details — per booking (asked once) or per traveller (asked once for each). Plain values in and out:
 * the checkout action passes the submitted fields and the traveller count, and gets either the answers
 * to store or, per field, the i18n key of its message (the typed input is the form's to keep).
 */
import { isIsoDate } from "#app/lib/dates";

export const QUESTION_TYPES = ["TEXT", "CHOICE", "DATE", "NUMBER"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_SCOPES = ["BOOKING", "TRAVELLER"] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

/** Text in the four languages; English is required, an empty language falls back to English. */
export interface LocalizedText {
  en: string;
  ru?: string;
  zh?: string;
  ar?: string;
}

export interface BookingQuestion {
  id: string;
  type: QuestionType;
  scope: QuestionScope;
  required: boolean;
  label: LocalizedText;
  /** The offered answers of a CHOICE question; empty for the other types. */
  choices: { id: string; label: LocalizedText }[];
}

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

/** The form field of one answer: `q.<id>` for a booking question, `q.<id>.<n>` for traveller n. */
export function answerField(questionId: string, traveller: number | null): string {
  return traveller === null ? `q.${questionId}` : `q.${questionId}.${traveller}`;
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
export function askedFields(questions: readonly BookingQuestion[], travellers: number): AskedField[] {
  const count = Math.max(0, Math.min(MAX_TRAVELLERS, Math.floor(travellers)));
  return questions.flatMap((question): AskedField[] =>
    question.scope === "BOOKING"
      ? [{ question, traveller: null, field: answerField(question.id, null) }]
      : Array.from({ length: count }, (_, index) => ({ question, traveller: index + 1, field: answerField(question.id, index + 1) })),
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
): AnswersResult {
  const answers: BookingAnswer[] = [];
  const errors: Record<string, string> = {};
  for (const { question, traveller, field } of askedFields(questions, travellers)) {
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
