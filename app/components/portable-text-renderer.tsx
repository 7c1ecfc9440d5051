import { PortableText as BasePortableText, type PortableTextComponents } from "@portabletext/react";
import type { PortableTextBlock } from "@portabletext/types";
import { isExternalHref, safeHref } from "#app/lib/assets";
import { Image } from "./image";
import type { RichText as RichTextValue } from "#app/content/queries";

const PROSE_IMAGE_WIDTH = 720;

interface RichImage {
  _type: "accessibleImage";
  _key: string;
  src: string;
  alt: string;
  caption: string | null;
  width: number | null;
  height: number | null;
}

/**
 * Components for CMS rich text. Everything renders as React elements, so text is escaped; there is no
 * HTML pass-through. Links keep only safe schemes, and external ones open without access to this page.
 */
export const portableTextComponents: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p>{children}</p>,
    h2: ({ children }) => <h2>{children}</h2>,
    h3: ({ children }) => <h3>{children}</h3>,
    blockquote: ({ children }) => <blockquote>{children}</blockquote>,
  },
  list: {
    bullet: ({ children }) => <ul>{children}</ul>,
    number: ({ children }) => <ol>{children}</ol>,
  },
  listItem: ({ children }) => <li>{children}</li>,
  marks: {
    strong: ({ children }) => <strong>{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    link: ({ value, children }) => {
      const href = safeHref((value as { href?: unknown } | undefined)?.href);
      if (!href) return <>{children}</>;
      return isExternalHref(href) ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <a href={href}>{children}</a>
      );
    },
  },
  types: {
    accessibleImage: ({ value }) => {
      const image = value as RichImage;
      if (!image?.src) return null;
      // The prose column is at most ~45rem: 720 CSS px, or the picture's own width if smaller; its own
      // proportions (never cropped).
      const width = Math.min(PROSE_IMAGE_WIDTH, image.width || PROSE_IMAGE_WIDTH);
      return (
        <figure>
          <Image
            source={image.src}
            alt={image.alt ?? ""}
            width={width}
            height={Math.round((width * (image.height || 900)) / (image.width || 1600))}
            maxWidth={image.width || undefined}
            sizes={`(max-width: ${width}px) 100vw, ${width}px`}
          />
          {image.caption ? <figcaption>{image.caption}</figcaption> : null}
        </figure>
      );
    },
  },
  // Unknown block or mark types from a newer schema are skipped instead of breaking the page.
  unknownType: () => null,
  unknownMark: ({ children }) => <>{children}</>,
  unknownBlockStyle: ({ children }) => <p>{children}</p>,
};

/** Renders CMS rich text; pages use RichText (portable-text.tsx), which loads this only when the browser must render it. */
export function PortableTextRenderer({ value }: { value: RichTextValue }) {
  return (
    <BasePortableText
      value={value as PortableTextBlock[]}
      components={portableTextComponents}
      onMissingComponent={false}
    />
  );
}
