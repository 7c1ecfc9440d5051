/** Structured data (schema.org JSON-LD) for the content pages. Pure: loaders build it, a component prints it. */
import type { BlogPost, FaqGroup } from "#app/content/content.server";
import { richTextToPlain } from "./rich-text";

export type JsonLd = Record<string, unknown>;

export function breadcrumbList(items: Array<{ name: string; url: string }>): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, item: item.url })),
  };
}

export function blogPosting(post: BlogPost, options: { url: string; siteName: string; language: string; imageUrl: string | null; readingMinutes: number }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    inLanguage: options.language,
    datePublished: post.publishedAt,
    mainEntityOfPage: { "@type": "WebPage", "@id": options.url },
    url: options.url,
    ...(options.imageUrl ? { image: [options.imageUrl] } : {}),
    ...(post.author ? { author: { "@type": "Person", name: post.author.name, ...(post.author.role ? { jobTitle: post.author.role } : {}) } } : {}),
    publisher: { "@type": "Organization", name: options.siteName },
    keywords: post.tags.join(", ") || undefined,
    timeRequired: `PT${options.readingMinutes}M`,
  };
}

export function faqPage(groups: FaqGroup[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: groups.flatMap((group) =>
      group.entries.map((entry) => ({
        "@type": "Question",
        name: entry.question,
        acceptedAnswer: { "@type": "Answer", text: richTextToPlain(entry.answer) },
      })),
    ),
  };
}
