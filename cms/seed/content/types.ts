import type { LanguageId } from "../../constants";

/** One value per language. */
export type L<T = string> = Record<LanguageId, T>;

/**
 * Rich text written compactly: one string per block. "## " starts a heading, "### " a sub-heading,
 * "- " a bullet item, "1. " a numbered item, "> " a quote; inline `[text](href)` is a link and
 * `**text**` is strong. build-seed.ts turns it into Portable Text.
 */
export type RichSource = string[];
