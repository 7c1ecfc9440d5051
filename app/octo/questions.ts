/**
 * OCTO's questions capability (octo/questions, as Ventrata, its origin, documents it) over a product's
 * booking questions (issue #33): a question asked once per booking is on each option, one asked per
 * traveller is on each unit, a unit item being a traveller. A reservation, an update or a confirmation
 * may carry `questionAnswers` on the booking and on its unit items; each given answer must fit its
 * question, and a confirmation needs every required one. A booking shows an entry for every question,
 * answered or not (`value` null), with the question itself.
 */
import { z } from "zod";
import type { BookingQuestion, StoredAnswer } from "#app/db/types";
import { ANSWER_MAX_LENGTH, answerField, localized, storedAnswer, validateAnswers } from "#app/booking/questions";
import { OctoError } from "./protocol";

export type OctoQuestion = {
  id: string;
  required: boolean;
  label: string;
  description: string | null;
  inputType: "text" | "select" | "date" | "number";
  selectOptions: Array<{ label: string; value: string }>;
};

export type OctoQuestionAnswer = { questionId: string; value: string | null; question: OctoQuestion };

const INPUT_TYPES = { TEXT: "text", CHOICE: "select", DATE: "date", NUMBER: "number" } as const;

export function toOctoQuestion(question: BookingQuestion, locale: string): OctoQuestion {
  return {
    id: question.id,
    required: question.required,
    label: localized(question.label, locale),
    description: null,
    inputType: INPUT_TYPES[question.type],
    selectOptions: question.choices.map((choice) => ({ label: localized(choice.label, locale), value: choice.id })),
  };
}

/** The questions OCTO lists on an option (asked once per booking) or on a unit (asked for each unit item). */
export function octoQuestionsOf(questions: readonly BookingQuestion[], on: "option" | "unit", locale: string): OctoQuestion[] {
  return questions.filter((question) => question.scope === (on === "option" ? "BOOKING" : "TRAVELLER")).map((question) => toOctoQuestion(question, locale));
}

const AnswerListSchema = z.array(z.object({ questionId: z.string().min(1).max(64), value: z.string().max(ANSWER_MAX_LENGTH).nullable() })).max(200);
const AnswersBodySchema = z.object({
  questionAnswers: AnswerListSchema.optional(),
  unitItems: z.array(z.object({ questionAnswers: AnswerListSchema.optional() })).max(500).optional(),
});

export type GivenAnswers = { booking: z.infer<typeof AnswerListSchema> | undefined; unitItems: Array<z.infer<typeof AnswerListSchema> | undefined> };

/** The answers a request body gives (booking-level and per unit item, in the body's unit item order). */
export function parseGivenAnswers(body: unknown): GivenAnswers {
  const parsed = AnswersBodySchema.safeParse(body ?? {});
  if (!parsed.success) throw new OctoError("BAD_REQUEST", `${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  return { booking: parsed.data.questionAnswers, unitItems: (parsed.data.unitItems ?? []).map((item) => item.questionAnswers) };
}

/**
 * The stored answers with the given ones applied: an answer replaces the one kept for its question (and
 * unit item); a null or empty value takes it back. An unknown question, or a value that does not fit
 * (a choice not offered, a date that is no day, a number that is none), is 400 BAD_REQUEST.
 */
export function applyGivenAnswers(questions: readonly BookingQuestion[], stored: readonly StoredAnswer[], given: GivenAnswers): StoredAnswer[] {
  const fields: Record<string, string> = {};
  const cleared = new Set<string>();
  const give = (list: GivenAnswers["booking"], traveller: number | null) => {
    for (const answer of list ?? []) {
      const question = questions.find((candidate) => candidate.id === answer.questionId);
      if (!question || (question.scope === "BOOKING") !== (traveller === null)) {
        throw new OctoError("BAD_REQUEST", `questionAnswers: ${answer.questionId} is not a question of this ${traveller === null ? "booking" : "unit item"}`);
      }
      const field = answerField(question.id, traveller);
      if (answer.value === null || answer.value.trim() === "") cleared.add(field);
      else fields[field] = answer.value;
    }
  };
  give(given.booking, null);
  given.unitItems.forEach((list, index) => give(list, index + 1));
  // Checked as optional: a reservation may leave required questions for later (the confirmation checks them).
  const checked = validateAnswers(
    questions.map((question) => ({ ...question, required: false })),
    fields,
    given.unitItems.length,
  );
  if (!checked.ok) {
    const [field] = Object.keys(checked.errors);
    throw new OctoError("BAD_REQUEST", `questionAnswers: the answer to ${field?.split(".")[1]} does not fit the question`);
  }
  const changed = new Set([...cleared, ...checked.answers.map((answer) => answerField(answer.questionId, answer.traveller))]);
  const byId = new Map(questions.map((question) => [question.id, question]));
  return [
    ...stored.filter((answer) => !changed.has(answerField(answer.questionId, answer.traveller))),
    ...checked.answers.map((answer) => storedAnswer(byId.get(answer.questionId)!, answer)),
  ];
}

/** A confirmation needs an answer to every required question, for the booking and for each unit item. */
export function assertAnswered(questions: readonly BookingQuestion[], stored: readonly StoredAnswer[], unitItemCount: number): void {
  const missing = questions.find((question) => {
    if (!question.required) return false;
    const travellers = question.scope === "BOOKING" ? [null] : Array.from({ length: unitItemCount }, (_, index) => index + 1);
    return travellers.some((traveller) => !stored.some((answer) => answer.questionId === question.id && answer.traveller === traveller));
  });
  if (missing) throw new OctoError("BAD_REQUEST", `questionAnswers: ${missing.id} (${missing.label.en}) must be answered before the booking is confirmed`);
}

/** Every question of the booking (or of unit item `traveller`) with its answer or null. */
export function octoAnswers(questions: readonly BookingQuestion[], stored: readonly StoredAnswer[], traveller: number | null, locale: string): OctoQuestionAnswer[] {
  return questions
    .filter((question) => (question.scope === "BOOKING") === (traveller === null))
    .map((question) => ({
      questionId: question.id,
      value: stored.find((answer) => answer.questionId === question.id && answer.traveller === traveller)?.value ?? null,
      question: toOctoQuestion(question, locale),
    }));
}
