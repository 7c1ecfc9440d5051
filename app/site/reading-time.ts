import type { RichText } from "#app/content/queries";
import { richTextToPlain } from "./rich-text";

/** Average silent reading speeds: words per minute for space-separated scripts, characters for CJK. */
export const WORDS_PER_MINUTE = 200;
export const CJK_CHARACTERS_PER_MINUTE = 400;
/** Readers pause on a figure; counted as this many seconds each. */
export const SECONDS_PER_IMAGE = 10;

// Han, Hiragana, Katakana and Hangul are read character by character, not word by word.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Minutes to read a text (at least 1). */
export function readingMinutesOfText(text: string, images = 0): number {
  const cjkCount = text.match(CJK)?.length ?? 0;
  const words = text.replace(CJK, " ").split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  const minutes = words / WORDS_PER_MINUTE + cjkCount / CJK_CHARACTERS_PER_MINUTE + (images * SECONDS_PER_IMAGE) / 60;
  return Math.max(1, Math.ceil(minutes));
}

/** Minutes to read an article body (Portable Text), computed from its words, characters and images. */
export function readingMinutes(body: RichText): number {
  const images = body.filter((block) => block._type === "accessibleImage").length;
  return readingMinutesOfText(richTextToPlain(body), images);
}
