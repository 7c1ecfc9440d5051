import type { RichText } from "#app/content/queries";
import { readingMinutes, readingMinutesOfText } from "./reading-time";

const block = (text: string, key = Math.random().toString(36).slice(2)) => ({ _type: "block" as const, _key: key, style: "normal", markDefs: [], children: [{ _type: "span", _key: `${key}s`, text, marks: [] }] });

describe("reading time", () => {
  test("is at least one minute", () => {
    expect(readingMinutesOfText("")).toBe(1);
    expect(readingMinutesOfText("Short.")).toBe(1);
  });

  test("counts words at 200 per minute, rounding up", () => {
    expect(readingMinutesOfText(Array(200).fill("word").join(" "))).toBe(1);
    expect(readingMinutesOfText(Array(201).fill("word").join(" "))).toBe(2);
    expect(readingMinutesOfText(Array(1000).fill("слово").join(" "))).toBe(5);
  });

  test("reads Chinese by characters, not by (absent) spaces", () => {
    expect(readingMinutesOfText("旅".repeat(400))).toBe(1);
    expect(readingMinutesOfText("旅".repeat(1200))).toBe(3);
  });

  test("ignores punctuation-only tokens and adds time for images", () => {
    expect(readingMinutesOfText(`${Array(190).fill("word").join(" ")} — — —`)).toBe(1);
    expect(readingMinutesOfText(Array(190).fill("word").join(" "), 6)).toBe(2);
  });

  test("is computed from a Portable Text body (spans, lists, images)", () => {
    const body: RichText = [
      block(Array(150).fill("sand").join(" ")),
      { ...block(Array(100).fill("dune").join(" ")), listItem: "bullet", level: 1 },
      { _type: "accessibleImage", _key: "img", src: "/x.jpg", alt: "", caption: null, width: null, height: null },
    ];
    expect(readingMinutes(body)).toBe(2);
  });
});
