import groq from "groq";
import { z } from "zod";
import { LAYOUT_IDS } from "#app/lib/layout-ids";
import { resolveImageSrc } from "#app/lib/assets";

/**
 * GROQ queries and the zod schemas of their results. Each query runs unchanged on groq-js (seed
 * dataset) and on Sanity's API, so the published-only filter is written into the query: groq-js applies
 * no perspective, and on Sanity the `published` perspective makes it a no-op.
 */

export const CONTENT_LOCALES = ["en", "ru", "zh", "ar"] as const;
export const STOREFRONT_TYPES = ["default", "supplier"] as const;
export const DISCOVER_TYPES = ["things-to-do", "experiences"] as const;
// One list for the app: the layout records own it (app/layouts/layouts.ts).
export const LAYOUT_TYPES = LAYOUT_IDS;
export const STATIC_PAGE_KINDS = ["about", "privacy-policy", "terms-and-conditions", "contact-us"] as const;
export const FAQ_GROUPS = ["booking", "payment", "cancellation", "tickets", "account"] as const;

export type StaticPageKind = (typeof STATIC_PAGE_KINDS)[number];
export type FaqGroupKey = (typeof FAQ_GROUPS)[number];

const PUBLISHED = `!(_id in path("drafts.**"))`;

/**
 * An image as the storefront needs it. `src` is the CDN URL on Sanity, or the seed's
 * `image@file://./images/…` import reference, which `resolveImageSrc` maps to the seed asset route.
 */
const IMAGE = `{ "src": coalesce(asset->url, _sanityAsset), alt, caption, "width": asset->metadata.dimensions.width, "height": asset->metadata.dimensions.height }`;
const RICH_TEXT = `[]{ ..., _type == "accessibleImage" => { _type, _key, ...${IMAGE} } }`;

export const SITE_SETTINGS_QUERY = groq`*[_type == "siteSettings" && language == $language && ${PUBLISHED}][0]{
  language, siteName, storefrontType, discoverType, layoutType, defaultCurrency,
  "support": support{ phone, email, whatsapp, chatUrl },
  tagManagerId,
  "claims": claims{ activitiesCount, reviewsCount },
  "socialLinks": coalesce(socialLinks[]{ platform, url }, [])
}`;

export const REDIRECT_RULES_QUERY = groq`*[_type == "redirectRule" && ${PUBLISHED} && defined(from) && defined(to)] | order(from asc){ from, to, "permanent": permanent == true }`;

const THEME_CARD = `{ "id": _id, title, "slug": slug.current, description, "image": image${IMAGE}, order }`;
const TESTIMONIAL_CARD = `{ "id": _id, name, location, quote, rating, activity, date }`;

export const HOME_PAGE_QUERY = groq`*[_type == "homePage" && language == $language && ${PUBLISHED}][0]{
  "hero": hero{ title, subtitle, "image": image${IMAGE} },
  "popularDestinations": popularDestinations{ heading, "items": coalesce(items[]{ citySlug, title, "image": image${IMAGE} }, []) },
  "topDestinations": topDestinations{ heading, "items": coalesce(items[]{ citySlug, title, "image": image${IMAGE} }, []) },
  "categories": categories{ heading, "items": coalesce(items[]{ categorySlug, title, "image": image${IMAGE} }, []) },
  "themes": themes{ heading, "items": coalesce(items[]->${THEME_CARD}, []) },
  "gallery": gallery{ heading, "images": coalesce(images[]${IMAGE}, []) },
  "testimonials": testimonials{ heading, "items": coalesce(items[]->${TESTIMONIAL_CARD}, []) },
  "support": support{ heading, body }
}`;

const BLOG_CARD = `{ "id": _id, title, "slug": slug.current, excerpt, "coverImage": coverImage${IMAGE}, "author": author{ name, role }, publishedAt, "tags": coalesce(tags, []) }`;

/** Params: $language, $start, $end (slice bounds, end exclusive). */
export const BLOG_LIST_QUERY = groq`{
  "total": count(*[_type == "blogPost" && language == $language && ${PUBLISHED}]),
  "items": *[_type == "blogPost" && language == $language && ${PUBLISHED}] | order(publishedAt desc, _id asc) [$start...$end]${BLOG_CARD}
}`;

export const BLOG_POST_QUERY = groq`*[_type == "blogPost" && language == $language && slug.current == $slug && ${PUBLISHED}][0]{
  ...${BLOG_CARD},
  "body": body${RICH_TEXT}
}`;

/** Posts sharing a tag first, then the newest, so a post always has related reading. Params: $language, $slug, $tags. */
export const RELATED_POSTS_QUERY = groq`{
  "byTag": *[_type == "blogPost" && language == $language && slug.current != $slug && ${PUBLISHED} && count(tags[@ in $tags]) > 0] | order(publishedAt desc, _id asc) [0...3]${BLOG_CARD},
  "recent": *[_type == "blogPost" && language == $language && slug.current != $slug && ${PUBLISHED}] | order(publishedAt desc, _id asc) [0...3]${BLOG_CARD}
}`;

export const FAQ_ENTRIES_QUERY = groq`*[_type == "faqEntry" && language == $language && ${PUBLISHED}] | order(order asc, _id asc){
  "id": _id, group, question, "answer": answer${RICH_TEXT}
}`;

export const STATIC_PAGE_QUERY = groq`*[_type == "staticPage" && language == $language && kind == $kind && ${PUBLISHED}][0]{
  kind, title, intro, "body": body${RICH_TEXT}, updatedAt
}`;

export const TESTIMONIALS_QUERY = groq`*[_type == "testimonial" && language == $language && ${PUBLISHED}] | order(date desc, _id asc)${TESTIMONIAL_CARD}`;

export const THEMES_QUERY = groq`*[_type == "theme" && language == $language && ${PUBLISHED}] | order(order asc, _id asc)${THEME_CARD}`;

/**
 * A field-level localised field (an object with one value per language) as the storefront reads it:
 * the asked language and English side by side, so the merge can fall back field by field
 * (app/catalogue/detail-page-content.ts). `suffix` projects the value (rich text).
 */
const inLocale = (field: string, suffix = "") => `{ "locale": ${field}[$language]${suffix}, "en": ${field}.en${suffix} }`;

/**
 * A product's content document (keyed by the catalogue's product id) in one language with its English
 * values beside it. Params: $productId, $language.
 */
export const PRODUCT_CONTENT_QUERY = groq`*[_type == "product" && productId == $productId && ${PUBLISHED}][0]{
  productId,
  "title": ${inLocale("title")},
  "shortDescription": ${inLocale("shortDescription")},
  "description": ${inLocale("description", RICH_TEXT)},
  "highlights": ${inLocale("highlights")},
  "inclusions": ${inLocale("inclusions")},
  "exclusions": ${inLocale("exclusions")},
  "whatToBring": ${inLocale("whatToBring")},
  "itinerary": coalesce(itinerary[]{ time, "title": ${inLocale("title")}, "description": ${inLocale("description")} }, []),
  "faq": coalesce(faq[]{ "question": ${inLocale("question")}, "answer": ${inLocale("answer", RICH_TEXT)} }, []),
  "gallery": coalesce(gallery[]{ "src": coalesce(asset->url, _sanityAsset), "width": asset->metadata.dimensions.width, "height": asset->metadata.dimensions.height, "alt": ${inLocale("alt")} }, [])
}`;

/**
 * Every published product document's title and short description, all languages (no params): what
 * syncProductTexts copies onto the catalogue's products so listings, carts, emails and OCTO show it.
 */
export const PRODUCT_TEXTS_QUERY = groq`*[_type == "product" && ${PUBLISHED} && defined(productId)] | order(productId asc, _id asc){
  productId,
  "title": title{ ${CONTENT_LOCALES.join(", ")} },
  "shortDescription": shortDescription{ ${CONTENT_LOCALES.join(", ")} }
}`;

// ---------------------------------------------------------------------------------------------
// Result schemas. Optional CMS fields come back as null from GROQ; required ones are enforced here
// too, so a half-filled document in a real project fails loudly in the cache layer, not in a component.

const nullableString = z.string().nullish().transform((value) => value ?? null);

export const ImageSchema = z.object({
  src: z.string().min(1).transform(resolveImageSrc),
  alt: z.string().nullish().transform((value) => value ?? ""),
  caption: nullableString,
  width: z.number().nullish().transform((value) => value ?? null),
  height: z.number().nullish().transform((value) => value ?? null),
});
export type RawImage = z.infer<typeof ImageSchema>;

const SpanSchema = z.looseObject({ _type: z.string(), _key: z.string().optional(), text: z.string().optional(), marks: z.array(z.string()).optional() });
const BlockSchema = z.looseObject({
  _type: z.literal("block"),
  _key: z.string(),
  style: z.string().optional(),
  listItem: z.string().optional(),
  level: z.number().optional(),
  markDefs: z.array(z.looseObject({ _key: z.string(), _type: z.string() })).optional(),
  children: z.array(SpanSchema),
});
const RichImageSchema = ImageSchema.extend({ _type: z.literal("accessibleImage"), _key: z.string() });
/** Portable Text as stored; unknown block types are kept so the renderer can skip them. */
export const RichTextSchema = z.array(z.union([BlockSchema, RichImageSchema, z.looseObject({ _type: z.string(), _key: z.string() })]));
export type RichText = z.infer<typeof RichTextSchema>;

export const SiteSettingsSchema = z.object({
  language: z.enum(CONTENT_LOCALES),
  siteName: z.string().min(1),
  storefrontType: z.enum(STOREFRONT_TYPES),
  discoverType: z.enum(DISCOVER_TYPES),
  layoutType: z.enum(LAYOUT_TYPES),
  defaultCurrency: z.string().regex(/^[A-Z]{3}$/),
  support: z.object({ phone: z.string(), email: z.string(), whatsapp: z.string(), chatUrl: z.string() }),
  tagManagerId: nullableString,
  claims: z.object({ activitiesCount: z.number().int(), reviewsCount: z.number().int() }),
  socialLinks: z.array(z.object({ platform: z.string(), url: z.string() })),
});
export const SiteSettingsResultSchema = SiteSettingsSchema.nullable();

export const RedirectRulesResultSchema = z.array(z.object({ from: z.string().startsWith("/"), to: z.string().min(1), permanent: z.boolean() }));

export const ThemeCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  image: ImageSchema.nullable(),
  order: z.number(),
});
export const TestimonialSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: nullableString,
  quote: z.string(),
  rating: z.number().int().min(1).max(5),
  activity: nullableString,
  date: z.string(),
});

const CardSectionItem = <K extends string>(slugKey: K) =>
  z.object({ [slugKey]: z.string(), title: z.string(), image: ImageSchema.nullable() } as Record<K, z.ZodString> & { title: z.ZodString; image: z.ZodNullable<typeof ImageSchema> });

export const HomePageResultSchema = z
  .object({
    hero: z.object({ title: z.string(), subtitle: nullableString, image: ImageSchema.nullable() }),
    popularDestinations: z.object({ heading: z.string(), items: z.array(CardSectionItem("citySlug")) }).nullable(),
    topDestinations: z.object({ heading: z.string(), items: z.array(CardSectionItem("citySlug")) }).nullable(),
    categories: z.object({ heading: z.string(), items: z.array(CardSectionItem("categorySlug")) }).nullable(),
    // A dangling reference (theme deleted, not yet removed from the home page) dereferences to null: dropped.
    themes: z.object({ heading: z.string(), items: z.array(ThemeCardSchema.nullable()).transform((items) => items.filter((item) => item !== null)) }).nullable(),
    gallery: z.object({ heading: z.string(), images: z.array(ImageSchema) }).nullable(),
    testimonials: z.object({ heading: z.string(), items: z.array(TestimonialSchema.nullable()).transform((items) => items.filter((item) => item !== null)) }).nullable(),
    support: z.object({ heading: z.string(), body: z.string() }).nullable(),
  })
  .nullable();

export const BlogCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  coverImage: ImageSchema.nullable(),
  author: z.object({ name: z.string(), role: nullableString }).nullable(),
  publishedAt: z.string(),
  tags: z.array(z.string()),
});
export const BlogListResultSchema = z.object({ total: z.number().int(), items: z.array(BlogCardSchema) });
export const BlogPostResultSchema = BlogCardSchema.extend({ body: RichTextSchema }).nullable();
export const RelatedPostsResultSchema = z.object({ byTag: z.array(BlogCardSchema), recent: z.array(BlogCardSchema) });

export const FaqEntriesResultSchema = z.array(z.object({ id: z.string(), group: z.enum(FAQ_GROUPS), question: z.string(), answer: RichTextSchema }));

export const StaticPageResultSchema = z
  .object({ kind: z.enum(STATIC_PAGE_KINDS), title: z.string(), intro: nullableString, body: RichTextSchema, updatedAt: z.string() })
  .nullable();

export const TestimonialsResultSchema = z.array(TestimonialSchema);
export const ThemesResultSchema = z.array(ThemeCardSchema);

/** One field in the asked language and in English; either may be missing (null) in the document. */
const inLocaleSchema = <T extends z.ZodType>(value: T) =>
  z.object({ locale: value.nullish().transform((v) => v ?? null), en: value.nullish().transform((v) => v ?? null) });
const stringList = z.array(z.string().nullable()).transform((items) => items.filter((item): item is string => typeof item === "string"));

export const ProductContentResultSchema = z
  .object({
    productId: z.string(),
    title: inLocaleSchema(z.string()),
    shortDescription: inLocaleSchema(z.string()),
    description: inLocaleSchema(RichTextSchema),
    highlights: inLocaleSchema(stringList),
    inclusions: inLocaleSchema(stringList),
    exclusions: inLocaleSchema(stringList),
    whatToBring: inLocaleSchema(stringList),
    itinerary: z.array(z.object({ time: nullableString, title: inLocaleSchema(z.string()), description: inLocaleSchema(z.string()) })),
    faq: z.array(z.object({ question: inLocaleSchema(z.string()), answer: inLocaleSchema(RichTextSchema) })),
    // A photo whose upload is missing (no src) is dropped rather than failing the page.
    gallery: z
      .array(
        z.object({
          src: z.string().nullish().transform((value) => (value ? resolveImageSrc(value) : null)),
          width: z.number().nullish().transform((value) => value ?? null),
          height: z.number().nullish().transform((value) => value ?? null),
          alt: inLocaleSchema(z.string()),
        }),
      )
      .transform((photos) => photos.filter((photo): photo is typeof photo & { src: string } => photo.src !== null)),
  })
  .nullable();

/** A localised field with every language side by side; a language left empty is null. */
const allLocalesSchema = z
  .object({ en: nullableString, ru: nullableString, zh: nullableString, ar: nullableString })
  .nullish()
  .transform((value) => value ?? { en: null, ru: null, zh: null, ar: null });

export const ProductTextsResultSchema = z.array(z.object({ productId: z.string(), title: allLocalesSchema, shortDescription: allLocalesSchema }));
