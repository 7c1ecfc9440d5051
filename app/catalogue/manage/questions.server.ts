/**
 * A product's booking questions in the catalogue console (issue #33): added one at a time from the
 * console's form, removed by id, each change audited and announced like every catalogue write (OCTO's
 * product content follows it). Answers already given keep the question as it was asked (order items
 * store it), so removing a question never changes a past booking.
 */
import { eq } from "drizzle-orm";
import * as schema from "#app/db/schema";
import type { BookingQuestion, QuestionText } from "#app/db/types";
import { recordAudit, type Actor } from "#app/staff/audit.server";
import { catalogueWrite, CatalogueRuleError, lockProduct, newId, type CatalogueDeps } from "./catalogue-write.server";
import { CATALOGUE_ERRORS, linesOf, type QuestionInput } from "./schemas";

/** More than this on one product makes checkout a questionnaire. */
export const MAX_QUESTIONS = 12;

/** The text kept for a language: English always, another language only when given. */
function questionText(input: Partial<Record<"en" | "ru" | "zh" | "ar", string | undefined>>): QuestionText {
  const text: QuestionText = { en: input.en?.trim() ?? "" };
  for (const lang of ["ru", "zh", "ar"] as const) {
    const value = input[lang]?.trim();
    if (value) text[lang] = value;
  }
  return text;
}

/** The question a console form describes, with a new id (and its choices numbered in the order typed). */
export function questionOf(input: QuestionInput, id = newId("q", 6)): BookingQuestion {
  const lines = { en: linesOf(input.choices.en), ru: linesOf(input.choices.ru), zh: linesOf(input.choices.zh), ar: linesOf(input.choices.ar) };
  return {
    id,
    type: input.type,
    scope: input.scope,
    required: input.required,
    label: questionText(input.label),
    choices: input.type === "CHOICE" ? lines.en.map((en, index) => ({ id: `c${index + 1}`, label: questionText({ en, ru: lines.ru[index], zh: lines.zh[index], ar: lines.ar[index] }) })) : [],
  };
}

/** Adds a question at the end of the product's list. */
export async function addQuestion(deps: CatalogueDeps, actor: Actor, productId: string, input: QuestionInput, now: Date): Promise<BookingQuestion> {
  return catalogueWrite(deps, async (t) => {
    const product = await lockProduct(t, productId);
    if (product.bookingQuestions.length >= MAX_QUESTIONS) throw new CatalogueRuleError(CATALOGUE_ERRORS.questionCount);
    const question = questionOf(input);
    await t.update(schema.products).set({ bookingQuestions: [...product.bookingQuestions, question], updatedAt: now }).where(eq(schema.products.id, productId));
    await recordAudit(t, actor, { action: "catalogue.question.added", subjectType: "product", subjectId: productId, after: { question } }, now);
    return question;
  });
}

/** Removes a question; a question the product does not have is 404. */
export async function removeQuestion(deps: CatalogueDeps, actor: Actor, productId: string, questionId: string, now: Date): Promise<void> {
  await catalogueWrite(deps, async (t) => {
    const product = await lockProduct(t, productId);
    const question = product.bookingQuestions.find((candidate) => candidate.id === questionId);
    if (!question) throw new CatalogueRuleError(CATALOGUE_ERRORS.notFound, undefined, 404);
    await t
      .update(schema.products)
      .set({ bookingQuestions: product.bookingQuestions.filter((candidate) => candidate.id !== questionId), updatedAt: now })
      .where(eq(schema.products.id, productId));
    await recordAudit(t, actor, { action: "catalogue.question.removed", subjectType: "product", subjectId: productId, before: { question } }, now);
  });
}
