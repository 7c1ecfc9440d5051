/**
 * A reseller booking's answers to its product's booking questions (octo/questions): read the product's
 * questions, apply what a request gives, check a confirmation has every required answer, keep them on
 * the reseller's ownership row, and show them on the booking and its unit items.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/db.server";
import * as schema from "#app/db/schema";
import type { BookingQuestion, StoredAnswer } from "#app/db/types";
import { applyGivenAnswers, assertAnswered, octoAnswers, type GivenAnswers, type OctoQuestionAnswer } from "./questions";

export async function productQuestions(db: Database, productId: string): Promise<BookingQuestion[]> {
  const [row] = await db.select({ questions: schema.products.bookingQuestions }).from(schema.products).where(eq(schema.products.id, productId));
  return row?.questions ?? [];
}

/**
 * Applies the given answers to booking `uuid` (of `productId`, with `unitItemCount` unit items) and keeps
 * them; when `confirming`, refuses (400) a required question left unanswered, before anything changes.
 */
export async function keepGivenAnswers(db: Database, booking: { uuid: string; productId: string; unitItemCount: number }, stored: readonly StoredAnswer[], given: GivenAnswers, confirming: boolean): Promise<StoredAnswer[]> {
  const questions = await productQuestions(db, booking.productId);
  if (questions.length === 0) return [...stored];
  const answers = applyGivenAnswers(questions, stored, { ...given, unitItems: padded(given.unitItems, booking.unitItemCount) });
  if (confirming) assertAnswered(questions, answers, booking.unitItemCount);
  await db.update(schema.resellerBookings).set({ bookingAnswers: answers }).where(eq(schema.resellerBookings.bookingUuid, booking.uuid));
  return answers;
}

/** A body's unit item answers, one entry per unit item of the booking (a body may name fewer items). */
function padded<T>(list: readonly (T | undefined)[], length: number): (T | undefined)[] {
  return Array.from({ length: Math.max(length, list.length) }, (_, index) => list[index]);
}

/** The booking's and each unit item's questions with their answers, for the booking a reseller reads. */
export async function presentedAnswers(db: Database, productId: string, stored: readonly StoredAnswer[], unitItemCount: number, locale: string): Promise<{ booking: OctoQuestionAnswer[]; unitItems: OctoQuestionAnswer[][] }> {
  const questions = await productQuestions(db, productId);
  return {
    booking: octoAnswers(questions, stored, null, locale),
    unitItems: Array.from({ length: unitItemCount }, (_, index) => octoAnswers(questions, stored, index + 1, locale)),
  };
}
