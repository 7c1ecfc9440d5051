import { useState, type ImgHTMLAttributes } from "react";
import { imageSrcSet, imageUrl } from "#app/lib/images";

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> & {
  src: string;
  alt: string;
  /** The width the image is displayed at on a large screen (CSS px); also its intrinsic width. */
  width: number;
  height: number;
  /** Sizes attribute; defaults to the full viewport up to `width`. */
  sizes?: string;
  /** Images above the fold load at once with high priority; the rest load lazily. */
  priority?: boolean;
};

/**
 * An optimised responsive image: webp through `/_ipx`, a srcset over the breakpoints at densities 1
 * and 2, explicit width and height so nothing shifts while it loads, and lazy below the fold. A failed
 * image is logged and collapses to zero size instead of showing a broken icon.
 */
export function Picture({ src, alt, width, height, sizes, priority = false, onError, ...props }: PictureProps) {
  const [failed, setFailed] = useState(false);
  const aspect = width / height;
  return (
    <img
      {...props}
      src={imageUrl(src, { width, height, fit: "cover" })}
      srcSet={imageSrcSet(src, width, aspect)}
      sizes={sizes ?? `(max-width: ${width}px) 100vw, ${width}px`}
      alt={alt}
      width={failed ? 0 : width}
      height={failed ? 0 : height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      // React 18 warns on fetchPriority in camelCase; the lowercase attribute reaches the DOM as is.
      {...{ fetchpriority: priority ? "high" : undefined }}
      onError={(event) => {
        console.error(`[image] failed to load ${src}`);
        setFailed(true);
        onError?.(event);
      }}
    />
  );
}
