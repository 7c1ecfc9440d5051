import { describe, expect, it } from "vitest";
import { answerField, answerFieldsOf, answerLine, answerText, askedFields, missesRequired, QUESTION_ERRORS, readAnswer, validateAnswers, validateCartAnswers, type BookingQuestion } from "./questions";

const hotel: BookingQuestion = { id: "hotel", type: "TEXT", scope: "BOOKING", required: true, label: { en: "Hotel", ar: "الفندق" }, choices: [] };
const diet: BookingQuestion = {
  id: "diet",
  type: "CHOICE",
  scope: "TRAVELLER",
  required: true,
  label: { en: "Diet" },
  choices: [
    { id: "none", label: { en: "No preference" } },
    { id: "veg", label: { en: "Vegetarian", ar: "نباتي" } },
  ],
};
const birthday: BookingQuestion = { id: "birthday", type: "DATE", scope: "TRAVELLER", required: false, label: { en: "Date of birth" }, choices: [] };
const weight: BookingQuestion = { id: "weight", type: "NUMBER", scope: "BOOKING", required: false, label: { en: "Luggage (kg)" }, choices: [] };
const all = [hotel, diet, birthday, weight];

describe("askedFields", () => {
  it("asks a booking question once and a traveller question once per traveller", () => {
    expect(askedFields(all, 2).map((asked) => asked.field)).toEqual(["q.hotel", "q.diet.1", "q.diet.2", "q.birthday.1", "q.birthday.2", "q.weight"]);
  });
});

describe("validateAnswers", () => {
  it("keeps the answers of every traveller, a choice by its id, and leaves out an empty optional one", () => {
    const result = validateAnswers(all, { "q.hotel": "  Hilton Riyadh ", "q.diet.1": "veg", "q.diet.2": "none", "q.birthday.1": "1990-02-28", "q.birthday.2": "", "q.weight": "12,5" }, 2);
    expect(result).toEqual({
      ok: true,
      answers: [
        { questionId: "hotel", traveller: null, value: "Hilton Riyadh" },
        { questionId: "diet", traveller: 1, value: "veg" },
        { questionId: "diet", traveller: 2, value: "none" },
        { questionId: "birthday", traveller: 1, value: "1990-02-28" },
        { questionId: "weight", traveller: null, value: "12.5" },
      ],
    });
  });

  it("names each required answer missing, for every traveller who lacks it", () => {
    const result = validateAnswers(all, { "q.hotel": " ", "q.diet.1": "veg" }, 3);
    expect(result).toEqual({ ok: false, errors: { "q.hotel": QUESTION_ERRORS.required, "q.diet.2": QUESTION_ERRORS.required, "q.diet.3": QUESTION_ERRORS.required } });
  });

  it("refuses an answer that does not fit its type", () => {
    const result = validateAnswers(all, { "q.hotel": "x".repeat(501), "q.diet.1": "fish", "q.birthday.1": "2025-02-30", "q.weight": "ten" }, 1);
    expect(result).toEqual({
      ok: false,
      errors: { "q.hotel": QUESTION_ERRORS.tooLong, "q.diet.1": QUESTION_ERRORS.choice, "q.birthday.1": QUESTION_ERRORS.date, "q.weight": QUESTION_ERRORS.number },
    });
  });

  it("ignores fields of travellers beyond the count and of questions not asked", () => {
    expect(validateAnswers([diet], { "q.diet.1": "none", "q.diet.2": "fish", "q.other": "x" }, 1)).toEqual({ ok: true, answers: [{ questionId: "diet", traveller: 1, value: "none" }] });
  });
});

describe("answerText", () => {
  it("reads a choice by its label in the reader's language, English when that one is empty", () => {
    expect(answerText(diet, { questionId: "diet", traveller: 1, value: "veg" }, "ar")).toBe("نباتي");
    expect(answerText(diet, { questionId: "diet", traveller: 1, value: "none" }, "ar")).toBe("No preference");
    expect(answerText(hotel, { questionId: "hotel", traveller: null, value: "Hilton" }, "zh")).toBe("Hilton");
    expect(answerField("hotel", null)).toBe("q.hotel");
  });
});

describe("validateCartAnswers", () => {
  const lines = [
    { lineId: "L1", travellers: 2, questions: [hotel, diet] },
    { lineId: "L2", travellers: 1, questions: [] },
  ];

  it("names every missing answer of every booking at once, by its line's field", () => {
    const result = validateCartAnswers(lines, { "q.L1.diet.1": "veg" });
    expect(result).toEqual({ ok: false, errors: { "q.L1.hotel": QUESTION_ERRORS.required, "q.L1.diet.2": QUESTION_ERRORS.required } });
  });

  it("keeps each answer with its question's label and a choice's label as asked", () => {
    const result = validateCartAnswers(lines, { "q.L1.hotel": "Hilton", "q.L1.diet.1": "veg", "q.L1.diet.2": "none", "q.hotel": "ignored" });
    if (!result.ok) throw new Error("refused");
    expect(result.answers.get("L2")).toEqual([]);
    const kept = result.answers.get("L1")!;
    expect(kept.map((answer) => readAnswer(answer, "ar"))).toEqual([
      { label: "الفندق", traveller: null, text: "Hilton" },
      { label: "Diet", traveller: 1, text: "نباتي" },
      { label: "Diet", traveller: 2, text: "No preference" },
    ]);
    expect(answerLine(readAnswer(kept[1]!, "en"))).toBe("Diet #1: Vegetarian");
    expect(missesRequired(lines[0]!, kept)).toBe(false);
    expect(missesRequired(lines[0]!, kept.slice(1))).toBe(true);
    expect(missesRequired(lines[1]!, undefined)).toBe(false);
  });
});

describe("answerFieldsOf", () => {
  it("reads only the answer fields of a posted form", () => {
    const form = new FormData();
    form.set("q.L1.hotel", "Hilton");
    form.set("email", "a@example.com");
    expect(answerFieldsOf(form)).toEqual({ "q.L1.hotel": "Hilton" });
  });
});
