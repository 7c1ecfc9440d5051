/** Breakpoints of the specification (px): the widths a responsive image is offered in. */
export const IMAGE_BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;
export const IMAGE_DENSITIES = [1, 2] as const;
export const DEFAULT_IMAGE_FORMAT = "webp";

export type ImageModifiers = {
  width?: number;
  height?: number;
  format?: "webp" | "avif" | "jpeg" | "png";
  quality?: number;
  fit?: "cover" | "contain" | "fill" | "inside" | "outside";
  background?: string;
};

/** The optimised URL of an image: `/_ipx/w_640&h_400&f_webp&q_75/generated/x.webp`. */
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

/**
 * A srcset over the breakpoints up to twice the displayed width (densities 1 and 2), keeping the
 * image's aspect ratio.
 */
export function imageSrcSet(source: string, displayWidth: number, aspect: number, modifiers: Omit<ImageModifiers, "width" | "height"> = {}): string {
  const widths = new Set<number>();
  for (const breakpoint of Object.values(IMAGE_BREAKPOINTS)) if (breakpoint <= displayWidth * 2) widths.add(breakpoint);
  for (const density of IMAGE_DENSITIES) widths.add(Math.round(displayWidth * density));
  return [...widths]
    .sort((a, b) => a - b)
    .map((width) => `${imageUrl(source, { ...modifiers, width, height: Math.round(width / aspect), fit: modifiers.fit ?? "cover" })} ${width}w`)
    .join(", ");
}
