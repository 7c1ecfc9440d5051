/**
 * Builds the seed dataset (`cms/seed/production.ndjson`, Sanity's export format) from the content
 * sources in `cms/seed/content/`, and draws any missing seed images into `cms/seed/images/`.
 *
 *   npx tsx cms/seed/build-seed.ts
 *
 * The NDJSON is what the storefront reads and what `sanity dataset import` loads; the sources exist so
 * the four languages stay aligned. A test fails when the committed NDJSON drifts from the sources.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGE_IDS, type LanguageId } from "../constants";
import { BLOG_POSTS } from "./content/blog";
import { FAQ_ENTRIES } from "./content/faq";
import { CATEGORIES, CITIES, GALLERY_CITIES, HOME, POPULAR_CITIES, TOP_CITIES } from "./content/home";
import { STATIC_PAGES } from "./content/pages";
import { PRODUCT_CONTENT, type ProductContentSource } from "./content/products";
import { SITE_NAME, SOCIAL_LINKS, SUPPORT, TESTIMONIALS, THEMES } from "./content/site";
import type { RichSource } from "./content/types";

export const SEED_DIR = path.dirname(fileURLToPath(import.meta.url));
export const SEED_FILE = path.join(SEED_DIR, "production.ndjson");
export const SEED_IMAGES_DIR = path.join(SEED_DIR, "images");

export type SeedDocument = { _id: string; _type: string; [field: string]: unknown };

const SEED_TIME = "2025-09-15T09:00:00Z";

function key(...parts: string[]): string {
  return createHash("sha1").update(parts.join("|")).digest("hex").slice(0, 12);
}

/** An image field in the export format: the importer uploads the file and replaces `_sanityAsset` with an asset reference. */
function image(name: string, alt: string, caption?: string) {
  return {
    _type: "accessibleImage",
    _sanityAsset: `image@file://./images/${name}.jpg`,
    alt,
    ...(caption ? { caption } : {}),
  };
}

interface Span {
  _type: "span";
  _key: string;
  text: string;
  marks: string[];
}

/** Parses `[text](href)` and `**strong**` in one line into spans and link mark definitions. */
function inline(text: string, blockKey: string) {
  const children: Span[] = [];
  const markDefs: { _type: "link"; _key: string; href: string }[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;
  let last = 0;
  let match: RegExpExecArray | null;
  const push = (value: string, marks: string[]) => {
    if (value) children.push({ _type: "span", _key: key(blockKey, String(children.length)), text: value, marks });
  };
  while ((match = pattern.exec(text))) {
    push(text.slice(last, match.index), []);
    if (match[1] !== undefined && match[2] !== undefined) {
      const linkKey = key(blockKey, "link", String(markDefs.length));
      markDefs.push({ _type: "link", _key: linkKey, href: match[2] });
      push(match[1], [linkKey]);
    } else if (match[3] !== undefined) {
      push(match[3], ["strong"]);
    }
    last = match.index + match[0].length;
  }
  push(text.slice(last), []);
  return { children, markDefs };
}

export function toPortableText(lines: RichSource, owner: string) {
  return lines.map((line, index) => {
    const blockKey = key(owner, String(index));
    let style = "normal";
    let listItem: string | undefined;
    let text = line;
    if (line.startsWith("### ")) [style, text] = ["h3", line.slice(4)];
    else if (line.startsWith("## ")) [style, text] = ["h2", line.slice(3)];
    else if (line.startsWith("> ")) [style, text] = ["blockquote", line.slice(2)];
    else if (line.startsWith("- ")) [listItem, text] = ["bullet", line.slice(2)];
    else if (line.startsWith("1. ")) [listItem, text] = ["number", line.slice(3)];
    const { children, markDefs } = inline(text, blockKey);
    return { _type: "block", _key: blockKey, style, ...(listItem ? { listItem, level: 1 } : {}), markDefs, children };
  });
}

/** A field-level localised value: only the languages given (an editor may leave some empty). */
function localized<T>(type: string, values: Partial<Record<LanguageId, T>> | undefined, map: (value: T, language: LanguageId) => unknown = (value) => value) {
  if (!values) return undefined;
  const fields = LANGUAGE_IDS.flatMap((language) => (values[language] === undefined ? [] : [[language, map(values[language]!, language)] as const]));
  return { _type: type, ...Object.fromEntries(fields) };
}

/** One `product` content document (field-level localisation), keyed by the catalogue's product id. */
function productDocument(source: ProductContentSource): SeedDocument {
  const id = `product-${source.productId}`;
  const doc: SeedDocument = {
    ...meta(id, "product"),
    productId: source.productId,
    title: localized("localeString", source.title),
    shortDescription: localized("localeText", source.shortDescription),
    description: localized("localeRichText", source.description, (lines, language) => toPortableText(lines, `${id}-description-${language}`)),
    highlights: localized("localeStringList", source.highlights),
    inclusions: localized("localeStringList", source.inclusions),
    exclusions: localized("localeStringList", source.exclusions),
    whatToBring: localized("localeStringList", source.whatToBring),
    itinerary: source.itinerary?.map((step) => ({
      _type: "itineraryStep",
      _key: key(id, "itinerary", step.key),
      ...(step.time ? { time: step.time } : {}),
      title: localized("localeString", step.title),
      ...(step.description ? { description: localized("localeText", step.description) } : {}),
    })),
    faq: source.faq?.map((entry) => ({
      _type: "productFaq",
      _key: key(id, "faq", entry.key),
      question: localized("localeString", entry.question),
      answer: localized("localeRichText", entry.answer, (lines, language) => toPortableText(lines, `${id}-faq-${entry.key}-${language}`)),
    })),
    gallery: source.gallery?.map((photo) => ({
      _type: "productImage",
      _key: key(id, "gallery", photo.image),
      _sanityAsset: `image@file://./images/${photo.image}.jpg`,
      alt: localized("localeString", photo.alt),
    })),
  };
  // Sanity leaves out fields an editor never touched.
  for (const [field, value] of Object.entries(doc)) if (value === undefined) delete doc[field];
  return doc;
}

function meta(id: string, type: string, createdAt = SEED_TIME) {
  return { _id: id, _type: type, _createdAt: createdAt, _updatedAt: createdAt, _rev: key("rev", id) };
}

function ref(id: string, owner: string) {
  return { _type: "reference", _ref: id, _key: key(owner, id) };
}

function cards(slugs: string[], names: Record<string, Record<LanguageId, string>>, language: LanguageId, type: "destinationCard" | "categoryCard", prefix: string) {
  return slugs.map((slug) => {
    const name = names[slug]?.[language];
    if (!name) throw new Error(`No ${language} name for ${slug}`);
    return {
      _type: type,
      _key: key(type, language, slug),
      [type === "destinationCard" ? "citySlug" : "categorySlug"]: slug,
      title: name,
      image: image(`${prefix}-${slug}`, name),
    };
  });
}

/** Every document of the seed dataset, in a stable order. */
export function buildSeedDocuments(): SeedDocument[] {
  const docs: SeedDocument[] = [];
  for (const language of LANGUAGE_IDS) {
    docs.push({
      ...meta(`siteSettings-${language}`, "siteSettings"),
      language,
      siteName: SITE_NAME[language],
      storefrontType: "default",
      discoverType: "things-to-do",
      layoutType: "default",
      defaultCurrency: "SAR",
      support: { _type: "supportChannels", ...SUPPORT },
      // No tag manager: a project names its own container in the studio (loaded only after consent).
      claims: { _type: "marketingClaims", activitiesCount: 3000, reviewsCount: 154 },
      socialLinks: SOCIAL_LINKS.map((link) => ({ _type: "socialLink", _key: key("social", link.platform), ...link })),
    });

    for (const theme of THEMES) {
      docs.push({
        ...meta(`theme-${language}-${theme.slug}`, "theme"),
        language,
        title: theme.title[language],
        slug: { _type: "slug", current: theme.slug },
        description: theme.description[language],
        image: image(`theme-${theme.slug}`, theme.title[language]),
        order: theme.order,
      });
    }

    for (const testimonial of TESTIMONIALS) {
      docs.push({
        ...meta(`testimonial-${language}-${testimonial.key}`, "testimonial"),
        language,
        name: testimonial.name[language],
        location: testimonial.location[language],
        quote: testimonial.quote[language],
        rating: testimonial.rating,
        activity: testimonial.activity[language],
        date: testimonial.date,
      });
    }

    const homeId = `homePage-${language}`;
    docs.push({
      ...meta(homeId, "homePage"),
      language,
      hero: { title: HOME.heroTitle[language], subtitle: HOME.heroSubtitle[language], image: image("hero-desert", HOME.heroAlt[language]) },
      popularDestinations: { heading: HOME.popularHeading[language], items: cards(POPULAR_CITIES, CITIES, language, "destinationCard", "city") },
      topDestinations: { heading: HOME.topHeading[language], items: cards(TOP_CITIES, CITIES, language, "destinationCard", "city") },
      categories: { heading: HOME.categoriesHeading[language], items: cards(Object.keys(CATEGORIES), CATEGORIES, language, "categoryCard", "category") },
      themes: { heading: HOME.themesHeading[language], items: THEMES.map((theme) => ref(`theme-${language}-${theme.slug}`, homeId)) },
      gallery: {
        heading: HOME.galleryHeading[language],
        images: GALLERY_CITIES.map((city) => ({
          ...image(`city-${city}`, CITIES[city]![language], CITIES[city]![language]),
          _key: key("gallery", language, city),
        })),
      },
      testimonials: { heading: HOME.testimonialsHeading[language], items: TESTIMONIALS.map((item) => ref(`testimonial-${language}-${item.key}`, homeId)) },
      support: { heading: HOME.supportHeading[language], body: HOME.supportBody[language] },
    });

    for (const post of BLOG_POSTS) {
      const id = `blogPost-${language}-${post.slug}`;
      docs.push({
        ...meta(id, "blogPost", post.publishedAt),
        language,
        title: post.title[language],
        slug: { _type: "slug", current: post.slug },
        excerpt: post.excerpt[language],
        coverImage: image(post.image, post.title[language]),
        body: toPortableText(post.body[language], id),
        author: { name: post.author.name, role: post.author.role[language] },
        publishedAt: post.publishedAt,
        tags: post.tags,
      });
    }

    FAQ_ENTRIES.forEach((entry, index) => {
      const id = `faqEntry-${language}-${entry.key}`;
      docs.push({
        ...meta(id, "faqEntry"),
        language,
        group: entry.group,
        question: entry.question[language],
        answer: toPortableText(entry.answer[language], id),
        order: (index + 1) * 10,
      });
    });

    for (const page of STATIC_PAGES) {
      const id = `staticPage-${language}-${page.kind}`;
      docs.push({
        ...meta(id, "staticPage"),
        language,
        kind: page.kind,
        title: page.title[language],
        intro: page.intro[language],
        body: toPortableText(page.body[language], id),
        updatedAt: page.updatedAt,
      });
    }
  }

  for (const source of PRODUCT_CONTENT) docs.push(productDocument(source));

  const redirects = [
    { id: "promo-summer", from: "/promo/summer", to: "/things-to-do-in-dubai", permanent: false, note: "Summer 2025 campaign landing page" },
    { id: "old-blog", from: "/old-blog", to: "/blog", permanent: true, note: "Blog moved from the previous site" },
    { id: "ar-old-blog", from: "/ar/old-blog", to: "/ar/blog", permanent: true, note: "Arabic blog moved from the previous site" },
    { id: "partner", from: "/partner", to: "https://example.com/partners", permanent: false, note: "Partner programme runs on the partner portal" },
    { id: "saudi-season", from: "/riyadh-season", to: "/things-to-do-in-riyadh", permanent: true, note: "Printed brochure QR code" },
  ];
  for (const rule of redirects) {
    docs.push({ ...meta(`redirectRule-${rule.id}`, "redirectRule"), from: rule.from, to: rule.to, permanent: rule.permanent, note: rule.note });
  }

  // Exports contain drafts; the storefront must never show them. One edits a published post, one is new.
  const published = docs.find((doc) => doc._id === "blogPost-en-riyadh-weekend-itinerary");
  if (published) docs.push({ ...published, ...meta("drafts.blogPost-en-riyadh-weekend-itinerary", "blogPost"), title: "A weekend in Riyadh (draft rewrite)" });
  // Preview mode shows drafts (tests/preview-mode.spec.ts): the Arabic post has a rewrite in progress too.
  const publishedAr = docs.find((doc) => doc._id === "blogPost-ar-riyadh-weekend-itinerary");
  if (publishedAr) docs.push({ ...publishedAr, ...meta("drafts.blogPost-ar-riyadh-weekend-itinerary", "blogPost"), title: "عطلة نهاية أسبوع في الرياض (مسودة معاد كتابتها)" });
  const draftId = "drafts.blogPost-en-red-sea-islands";
  docs.push({
    ...meta(draftId, "blogPost"),
    language: "en",
    title: "Island hopping on the Red Sea (draft)",
    slug: { _type: "slug", current: "red-sea-islands" },
    excerpt: "An unpublished draft about the Red Sea islands: it must not appear on the storefront.",
    coverImage: image("blog-desert-safari", "Turquoise water around a Red Sea island"),
    body: toPortableText(["Draft body, not yet reviewed."], draftId),
    author: { name: "Sara Al-Qahtani", role: "Editor" },
    publishedAt: "2025-10-01T08:00:00Z",
    tags: ["saudi-arabia"],
  });
  return docs;
}

export function serializeSeed(docs: SeedDocument[]): string {
  return docs.map((doc) => JSON.stringify(doc)).join("\n") + "\n";
}

/** Every image name the seed references, without extension. */
export function referencedImages(docs: SeedDocument[]): string[] {
  const names = new Set<string>();
  const text = JSON.stringify(docs);
  for (const match of text.matchAll(/image@file:\/\/\.\/images\/([a-z0-9-]+)\.jpg/g)) names.add(match[1]!);
  return [...names].sort();
}

const PALETTES: [string, string][] = [
  ["#f4a259", "#bc4b51"],
  ["#5b8e7d", "#264653"],
  ["#e9c46a", "#e76f51"],
  ["#8ecae6", "#219ebc"],
  ["#cdb4db", "#6d597a"],
  ["#f6bd60", "#84a59d"],
];

/** Draws a simple landscape placeholder (sky gradient, sun, dunes) so the seed has real image files. */
async function drawImage(name: string, file: string) {
  const { default: sharp } = await import("sharp");
  const hash = createHash("sha1").update(name).digest();
  const [top, bottom] = PALETTES[hash[0]! % PALETTES.length]!;
  const sunX = 120 + (hash[1]! % 400);
  const sunY = 70 + (hash[2]! % 90);
  const ridge = (offset: number, amplitude: number) =>
    Array.from({ length: 9 }, (_, i) => `${i * 80},${offset + ((hash[3 + i]! % amplitude) - amplitude / 2)}`).join(" ");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="640" height="360" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${sunY}" r="38" fill="#fff6d5" opacity="0.85"/>
    <polygon points="0,360 ${ridge(250, 60)} 640,360" fill="#000" opacity="0.18"/>
    <polygon points="0,360 ${ridge(300, 40)} 640,360" fill="#000" opacity="0.28"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 70, mozjpeg: true }).toFile(file);
}

async function main() {
  const docs = buildSeedDocuments();
  writeFileSync(SEED_FILE, serializeSeed(docs));
  mkdirSync(SEED_IMAGES_DIR, { recursive: true });
  let drawn = 0;
  for (const name of referencedImages(docs)) {
    const file = path.join(SEED_IMAGES_DIR, `${name}.jpg`);
    if (!existsSync(file)) {
      await drawImage(name, file);
      drawn += 1;
    }
  }
  console.log(`Wrote ${docs.length} documents to ${path.relative(process.cwd(), SEED_FILE)}; drew ${drawn} new images.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
