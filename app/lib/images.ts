/**
 * Image URLs, the one home for them. Every picture a page shows is a *source* (a file the storefront
 * serves: `/generated/…`, `/cms-assets/…`, or a Sanity CDN URL) turned here into sized URLs:
 * `/_ipx/{modifiers}/{source}` for our own files (see image-server.server.ts), Sanity's own image
 * parameters (`?w=&h=&fit=crop&auto=format`) for `cdn.sanity.io`. Pure and browser-safe.
 */
import { resolveImageSrc } from "#app/lib/assets";

/** Breakpoints of the specification (px): the widths a responsive image is offered in. */
export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;
export const IMAGE_DENSITIES = [1, 2] as const;
/** `auto`: the image server picks AVIF, WebP or JPEG by the request's Accept header (and says Vary: Accept). */
export const DEFAULT_IMAGE_FORMAT = "auto";
/** The largest width or height the image server derives (anything larger is refused with a 400). */
export const MAX_IMAGE_DIMENSION = 3200;
export const DEFAULT_IMAGE_QUALITY = 70;

/**
 * The only widths a derivative is made in (docs/decisions/041): the breakpoints, and the 1x and 2x widths
 * of the storefront's boxes (cards, tiles, blog cards and the home gallery 400, the prose column 720, the
 * detail gallery 800, a blog cover 1200, the hero 1600). A width a page would ask for that is not here is
 * lowered to the nearest one below, so the pages only ever ask for what the image server makes; anything
 * else it refuses, so one client cannot make it encode an endless series of sizes.
 */
export const IMAGE_WIDTHS = [320, 400, 640, 720, 768, 800, 1024, 1200, 1280, 1440, 1536, 1600, 2400] as const;
/**
 * The shapes (width / height) a derivative is cropped to: cards, tiles, the detail gallery and blog cards
 * 8:5, the home gallery 4:3, a blog cover and a hero or prose picture of unknown size 16:9. A picture of
 * another shape (one whose own size is known) is sized by its width alone and keeps its proportions.
 */
export const IMAGE_ASPECTS = [16 / 10, 4 / 3, 16 / 9] as const;

export type ImageFormat = "auto" | "webp" | "avif" | "jpeg" | "png";
export type ImageFit = "cover" | "contain" | "fill" | "inside" | "outside";

export type ImageModifiers = {
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  fit?: ImageFit;
  background?: string;
};

const SANITY_CDN = /^https:\/\/cdn\.sanity\.io\/images\//;

export function isSanityImage(source: string): boolean {
  return SANITY_CDN.test(source);
}

/** The optimised URL of an image: `/_ipx/w_640&h_400&f_auto&q_70&fit_cover/generated/x.webp`. */
export function imageUrl(source: string, modifiers: ImageModifiers = {}): string {
  const parts: string[] = [];
  if (modifiers.width) parts.push(`w_${Math.round(modifiers.width)}`);
  if (modifiers.height) parts.push(`h_${Math.round(modifiers.height)}`);
  parts.push(`f_${modifiers.format ?? DEFAULT_IMAGE_FORMAT}`);
  if (modifiers.quality) parts.push(`q_${modifiers.quality}`);
  if (modifiers.fit) parts.push(`fit_${modifiers.fit}`);
  if (modifiers.background) parts.push(`b_${modifiers.background.replace(/^#/, "")}`);
  const path = /^https?:\/\//.test(source) ? source : `/${source.replace(/^\/+/, "")}`;
  return `/_ipx/${parts.join("&")}${path.startsWith("/") ? path : `/${path}`}`;
}

/** The same picture on Sanity's CDN, sized and in the best format the browser takes (its `auto=format`). */
export function sanityImageUrl(source: string, modifiers: ImageModifiers = {}): string {
  const url = new URL(source);
  for (const key of ["w", "h", "fit", "crop", "auto", "fm", "q", "bg"]) url.searchParams.delete(key);
  if (modifiers.width) url.searchParams.set("w", String(Math.round(modifiers.width)));
  if (modifiers.height) url.searchParams.set("h", String(Math.round(modifiers.height)));
  if (modifiers.width && modifiers.height) url.searchParams.set("fit", modifiers.fit === "contain" || modifiers.fit === "inside" ? "max" : "crop");
  if (!modifiers.format || modifiers.format === "auto") url.searchParams.set("auto", "format");
  else url.searchParams.set("fm", modifiers.format === "jpeg" ? "jpg" : modifiers.format);
  url.searchParams.set("q", String(modifiers.quality ?? DEFAULT_IMAGE_QUALITY));
  if (modifiers.background) url.searchParams.set("bg", modifiers.background.replace(/^#/, ""));
  return url.toString();
}

/** A sized URL of any source: Sanity's CDN parameters for Sanity images, /_ipx for everything else. */
export function sizedImageUrl(source: string, modifiers: ImageModifiers = {}): string {
  const resolved = resolveImageSrc(source);
  return isSanityImage(resolved) ? sanityImageUrl(resolved, modifiers) : imageUrl(resolved, modifiers);
}

/**
 * A picture's URL for other sites (structured data, feeds): Sanity's CDN at that width in the format
 * the client takes, or the source file itself (they fetch it once, and may not take AVIF or WebP).
 */
export function publicImageUrl(source: string, width: number): string {
  const resolved = resolveImageSrc(source);
  return isSanityImage(resolved) ? sanityImageUrl(resolved, { width, quality: 75 }) : resolved;
}

/** The widest of IMAGE_WIDTHS that is not wider than `width` (the narrowest one for a smaller width). */
export function derivativeWidth(width: number): number {
  let chosen: number = IMAGE_WIDTHS[0];
  for (const candidate of IMAGE_WIDTHS) if (candidate <= width) chosen = candidate;
  return chosen;
}

/** The height of a `width`-wide derivative of a box of `aspect` (width / height): none when the shape is not one of IMAGE_ASPECTS. */
export function derivativeHeight(width: number, aspect: number): number | undefined {
  const shape = IMAGE_ASPECTS.find((candidate) => Math.abs(candidate - aspect) < 0.005);
  return shape === undefined ? undefined : Math.round(width / shape);
}

/** The widths a picture displayed at most `displayWidth` CSS px wide is offered in (breakpoints, 1x and 2x), all of IMAGE_WIDTHS. */
export function srcSetWidths(displayWidth: number, maxWidth = displayWidth * 2): number[] {
  const cap = Math.min(maxWidth, MAX_IMAGE_DIMENSION);
  const widths = new Set<number>();
  for (const breakpoint of Object.values(IMAGE_BREAKPOINTS)) if (breakpoint <= cap) widths.add(breakpoint);
  for (const density of IMAGE_DENSITIES) {
    const width = Math.round(displayWidth * density);
    if (width <= cap) widths.add(derivativeWidth(width));
  }
  if (widths.size === 0) widths.add(derivativeWidth(cap));
  return [...widths].sort((a, b) => a - b);
}

/**
 * A srcset over the breakpoints up to twice the displayed width (densities 1 and 2), keeping the
 * image's aspect ratio (`aspect` = width / height).
 */
export function imageSrcSet(source: string, displayWidth: number, aspect: number, modifiers: Omit<ImageModifiers, "width" | "height"> & { maxWidth?: number } = {}): string {
  const { maxWidth, ...rest } = modifiers;
  return srcSetWidths(displayWidth, maxWidth)
    .map((width) => `${sizedImageUrl(source, { ...rest, width, height: derivativeHeight(width, aspect), fit: rest.fit ?? "cover" })} ${width}w`)
    .join(", ");
}

/** What a derivative is asked for with: the modifiers of an /_ipx URL, `format` as written (`auto` when absent). */
export type DerivativeRequest = { width?: number; height?: number; format: ImageFormat; quality?: number; fit?: string; background?: string };

/**
 * Why the image server would not make this derivative, or null when it is one the storefront asks for:
 * a page's picture (`f_auto`, quality 70, `fit_cover`, a width of IMAGE_WIDTHS and a height of one of
 * IMAGE_ASPECTS or none; `responsiveImage` makes only these) or a JPEG for OCTO resellers (`f_jpeg` and
 * a width of IMAGE_WIDTHS, nothing else).
 */
export function derivativeProblem(request: DerivativeRequest): string | null {
  const { width, height, format, quality, fit, background } = request;
  if (width === undefined || !(IMAGE_WIDTHS as readonly number[]).includes(width)) return `width ${width ?? "missing"}: not one of ${IMAGE_WIDTHS.join(", ")}`;
  if (background !== undefined) return "no background is offered";
  if (format === "jpeg") {
    return height === undefined && quality === undefined && fit === undefined ? null : "a JPEG is offered by width alone";
  }
  if (format !== "auto") return `format ${format}: only auto (by Accept) or jpeg`;
  if (quality !== DEFAULT_IMAGE_QUALITY) return `quality ${quality ?? "missing"}: only ${DEFAULT_IMAGE_QUALITY}`;
  if (fit !== "cover") return `fit ${fit ?? "missing"}: only cover`;
  if (height !== undefined && !IMAGE_ASPECTS.some((aspect) => Math.round(width / aspect) === height)) return `height ${height}: not a ${width}-wide picture of a shape the pages show`;
  return null;
}

/** Everything an `<img>` needs to be responsive and reserve its box: the same for every browser. */
export type ResponsiveImage = { src: string; srcSet: string; sizes: string; width: number; height: number };

/**
 * A picture shown at `width`×`height` CSS px at most (its box's aspect ratio), in `sizes`: `src` is the
 * 1x size, `srcSet` the breakpoints up to 2x (never past `maxWidth`, the source's own width when known).
 */
export function responsiveImage(source: string, options: { width: number; height: number; sizes: string; maxWidth?: number }): ResponsiveImage {
  // Pure, and asked for again and again (every card of every listing, in every render): kept per
  // argument set (issue 34: about 5 % of an uncached listing's render went into building these URLs).
  const key = `${options.width}|${options.height}|${options.maxWidth ?? ""}|${options.sizes}|${source}`;
  const known = responsiveImages.get(key);
  if (known) return known;
  const image = Object.freeze(buildResponsiveImage(source, options));
  if (responsiveImages.size >= RESPONSIVE_IMAGES_KEPT) responsiveImages.clear();
  responsiveImages.set(key, image);
  return image;
}

/** How many responsiveImage answers are kept (a few hundred bytes each); past it they are all dropped and kept again as asked. */
const RESPONSIVE_IMAGES_KEPT = 5_000;
const responsiveImages = new Map<string, ResponsiveImage>();

function buildResponsiveImage(source: string, options: { width: number; height: number; sizes: string; maxWidth?: number }): ResponsiveImage {
  const aspect = options.width / options.height;
  // The one quality and fit the image server offers pages (derivativeProblem).
  const modifiers = { fit: "cover", quality: DEFAULT_IMAGE_QUALITY } as const;
  const srcWidth = derivativeWidth(Math.min(options.width, options.maxWidth ?? options.width, MAX_IMAGE_DIMENSION));
  return {
    src: sizedImageUrl(source, { ...modifiers, width: srcWidth, height: derivativeHeight(srcWidth, aspect) }),
    srcSet: imageSrcSet(source, options.width, aspect, { ...modifiers, maxWidth: options.maxWidth }),
    sizes: options.sizes,
    width: options.width,
    height: options.height,
  };
}

/**
 * A `<link rel="preload" as="image">` for the page's largest paint, as a Remix meta descriptor (Remix
 * renders `tagName: "link"` entries in <head>): the browser starts the download before it lays out.
 */
export function imagePreloadLink(image: Pick<ResponsiveImage, "src" | "srcSet" | "sizes">) {
  return { tagName: "link", rel: "preload", as: "image", href: image.src, imageSrcSet: image.srcSet, imageSizes: image.sizes, fetchpriority: "high" } as const;
}
