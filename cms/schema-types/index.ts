import { blogPost } from "./blog-post";
import { faqEntry } from "./faq-entry";
import { homePage } from "./home-page";
import { localeRichText, localeString, localeStringList, localeText, productImage } from "./localized";
import { accessibleImage, categoryCard, destinationCard, marketingClaims, richText, socialLink, supportChannels } from "./objects";
import { product } from "./product";
import { redirectRule } from "./redirect-rule";
import { siteSettings } from "./site-settings";
import { staticPage } from "./static-page";
import { testimonial } from "./testimonial";
import { theme } from "./theme";

export const schemaTypes = [
  // documents
  siteSettings,
  homePage,
  blogPost,
  faqEntry,
  staticPage,
  theme,
  testimonial,
  redirectRule,
  product,
  // objects
  accessibleImage,
  richText,
  supportChannels,
  marketingClaims,
  socialLink,
  destinationCard,
  categoryCard,
  localeString,
  localeText,
  localeRichText,
  localeStringList,
  productImage,
];

/** Document types with one document per language, edited as singletons (ids `{type}-{language}`). */
export const SINGLETON_TYPES = ["siteSettings", "homePage"] as const;
/** Localized document types listed per language in the desk. */
export const LOCALIZED_LIST_TYPES = ["blogPost", "faqEntry", "staticPage", "theme", "testimonial"] as const;
