import type { FaqGroup } from "#app/content/content.server";
import { richTextToPlain } from "./rich-text";

/** The longest query the FAQ search reads; longer input is cut rather than refused. */
export const MAX_FAQ_QUERY_LENGTH = 100;

/**
 * Text folded for matching: case-insensitive, without diacritics (é → e, ё → е, Arabic harakat and
 * hamza seats → the bare letter), Arabic tatweel dropped, alef maqsura and ta marbuta unified, spaces
 * collapsed. NFKD splits accented letters into base + combining mark, and the marks are removed.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/\u0640/g, "") // tatweel (kashida) only stretches letters
    .replace(/\u0649/g, "\u064A") // alef maqsura → yeh
    .replace(/\u0629/g, "\u0647") // ta marbuta → heh
    .toLocaleLowerCase("en-US")
    .replace(/[\s\p{P}]+/gu, " ")
    .trim();
}

/** The words of a query, normalised; empty when there is nothing to search for. */
export function queryTerms(query: string): string[] {
  return normalizeForSearch(query.slice(0, MAX_FAQ_QUERY_LENGTH)).split(" ").filter(Boolean);
}

/** The groups with only the entries whose question or answer contains every term; empty groups are dropped. */
export function filterFaqGroups(groups: FaqGroup[], query: string): FaqGroup[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => {
        const haystack = normalizeForSearch(`${entry.question} ${richTextToPlain(entry.answer)}`);
        return terms.every((term) => haystack.includes(term));
      }),
    }))
    .filter((group) => group.entries.length > 0);
}
