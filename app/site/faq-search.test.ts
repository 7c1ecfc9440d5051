import type { FaqGroup } from "#app/content/content.server";
import { filterFaqGroups, normalizeForSearch, queryTerms } from "./faq-search";

const answer = (text: string) => [{ _type: "block" as const, _key: "a", style: "normal", markDefs: [], children: [{ _type: "span", _key: "s", text, marks: [] }] }];

const groups: FaqGroup[] = [
  {
    group: "booking",
    entries: [
      { id: "1", group: "booking", question: "How do I book an experience?", answer: answer("Choose a date, then Check Availability.") },
      { id: "2", group: "booking", question: "Café tours: is lunch included?", answer: answer("Yes, at the café.") },
    ],
  },
  {
    group: "cancellation",
    entries: [
      { id: "3", group: "cancellation", question: "Как получить возврат?", answer: answer("Возврат оформляется за 24 часа. Ещё вопросы?") },
      { id: "4", group: "cancellation", question: "كيف أسترد أموالي؟", answer: answer("يُعاد المبلغ خلال ٢٤ ساعة إلى البطاقة.") },
    ],
  },
];

describe("FAQ search normalisation", () => {
  test("folds case, accents and punctuation", () => {
    expect(normalizeForSearch("  Café, TOURS!  ")).toBe("cafe tours");
    expect(normalizeForSearch("Ещё")).toBe(normalizeForSearch("еще"));
  });

  test("folds Arabic diacritics, hamza seats, tatweel, alef maqsura and ta marbuta", () => {
    expect(normalizeForSearch("أسترد")).toBe(normalizeForSearch("استرد"));
    expect(normalizeForSearch("يُعاد")).toBe("يعاد");
    expect(normalizeForSearch("مـــدينة")).toBe(normalizeForSearch("مدينه"));
    expect(normalizeForSearch("على")).toBe(normalizeForSearch("علي"));
  });

  test("splits a query into terms and caps its length", () => {
    expect(queryTerms("  check   AVAILABILITY ")).toEqual(["check", "availability"]);
    expect(queryTerms("x".repeat(500))[0]!.length).toBe(100);
    expect(queryTerms(" ,. ")).toEqual([]);
  });
});

describe("filterFaqGroups", () => {
  test("an empty query keeps everything", () => {
    expect(filterFaqGroups(groups, "   ")).toBe(groups);
  });

  test("matches questions and answers, case- and diacritic-insensitively, dropping empty groups", () => {
    expect(filterFaqGroups(groups, "CAFE").flatMap((group) => group.entries.map((entry) => entry.id))).toEqual(["2"]);
    expect(filterFaqGroups(groups, "availability").map((group) => group.group)).toEqual(["booking"]);
    expect(filterFaqGroups(groups, "еще вопросы").flatMap((group) => group.entries.map((entry) => entry.id))).toEqual(["3"]);
    expect(filterFaqGroups(groups, "استرد").flatMap((group) => group.entries.map((entry) => entry.id))).toEqual(["4"]);
  });

  test("every term must match", () => {
    expect(filterFaqGroups(groups, "book lunch")).toEqual([]);
  });
});
