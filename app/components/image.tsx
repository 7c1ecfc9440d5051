import { responsiveImage } from "#app/lib/images";

type ImageProps = {
  /** The picture's source: `/generated/…`, `/cms-assets/…`, a seed reference or a Sanity CDN URL. */
  source: string;
  alt: string;
  /** The box the picture fills, in CSS px at its widest (its aspect ratio is the CSS box's). */
  width: number;
  height: number;
  sizes: string;
  /** The source's own width, when smaller than twice the box: no srcset entry goes past it. */
  maxWidth?: number;
  className?: string;
  /**
   * The page's largest paint: loaded at once with high priority (pair it with `imagePreloadLink` in
   * the route's meta). Everything else loads lazily and decodes off the main thread.
   */
  priority?: boolean;
};

/** Every picture of the storefront: sized URLs (/_ipx or Sanity's CDN), srcset/sizes, and its box reserved. */
export function Image({ source, alt, width, height, sizes, maxWidth, className, priority = false }: ImageProps) {
  const image = responsiveImage(source, { width, height, sizes, maxWidth });
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      // React 18 does not know fetchPriority; the lowercase attribute reaches the DOM as is.
      {...(priority ? { fetchpriority: "high" } : {})}
    />
  );
}
