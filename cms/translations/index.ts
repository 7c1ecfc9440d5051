/**
 * The translation workflow: the four language versions of a blog post, page, FAQ entry, theme or
 * testimonial are linked (@sanity/document-internationalization's `translation.metadata` documents), so
 * the studio's Translations menu lists which languages exist and which are missing, and creates a missing
 * one from the document open (usually the English version) with its fields copied, ready to translate.
 * A badge marks a translation edited less recently than its English version ("Older than English").
 * Slugs stay unique per language (slugDocumentValidation). Per-language singletons (settings, home page)
 * have fixed ids per language and are not linked here.
 */
import { documentInternationalization } from "@sanity/document-internationalization";
import type { DocumentBadgeComponent } from "sanity";
import { LANGUAGES } from "../constants";
import { OlderThanEnglishBadge } from "./older-than-english";

/** The document types written once per language and linked as translations of one another. */
export const TRANSLATED_TYPES = ["blogPost", "staticPage", "faqEntry", "theme", "testimonial"] as const;

export const translationsPlugin = () =>
  documentInternationalization({
    supportedLanguages: LANGUAGES.map(({ id, title }) => ({ id, title })),
    schemaTypes: [...TRANSLATED_TYPES],
    languageField: "language",
    // A translation may be deleted (or not yet published) without the others failing to publish.
    weakReferences: true,
  });

/** Adds the "Older than English" badge to translated types. */
export function withTranslationBadges(previous: DocumentBadgeComponent[], schemaType: string): DocumentBadgeComponent[] {
  return (TRANSLATED_TYPES as readonly string[]).includes(schemaType) ? [...previous, OlderThanEnglishBadge] : previous;
}
