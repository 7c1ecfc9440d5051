/**
 * Search normalisation for the four storefront scripts:
 * - Latin and Cyrillic: case- and accent-insensitive (NFKD, marks removed), matched by token prefix;
 * - Arabic: diacritics (tashkeel), tatweel and hamza carriers removed, alef/yeh/teh-marbuta forms
 *   unified, Arabic-Indic digits folded; tokens also indexed without the article "ال";
 * - Chinese (and Japanese kana): matched by substring, through a bigram index.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

const ARABIC_FOLDS: Record<string, string> = {
  "\u0671": "\u0627", // alef wasla → alef
  "\u0649": "\u064a", // alef maksura → yeh
  "\u0629": "\u0647", // teh marbuta → heh
  "\u06cc": "\u064a", // Farsi yeh → yeh
  "\u06a9": "\u0643", // keheh → kaf
  "\u0640": "", // tatweel
};

/** Folds text for matching: lower case, no accents or Arabic diacritics, unified letter forms. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u0671\u0649\u0629\u06cc\u06a9\u0640]/g, (char) => ARABIC_FOLDS[char] ?? char)
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
}

export function isCjk(text: string): boolean {
  return CJK.test(text);
}

export interface Tokens {
  /** Words of alphabetic scripts, for prefix matching. */
  words: string[];
  /** Runs of CJK characters, for substring matching. */
  cjk: string[];
}

/** Splits normalised text into alphabetic words and CJK runs. */
export function tokenize(text: string): Tokens {
  const normalized = normalizeText(text);
  const cjk = normalized.match(CJK_RUN) ?? [];
  const words: string[] = [];
  for (const word of normalized.replace(CJK_RUN, " ").match(WORD) ?? []) words.push(word);
  return { words, cjk };
}

/** Index-side word forms: the word itself and, for Arabic, the word without the definite article. */
export function indexForms(word: string): string[] {
  if (word.length > 3 && word.startsWith("\u0627\u0644") && /[\u0600-\u06ff]/.test(word)) return [word, word.slice(2)];
  return [word];
}

