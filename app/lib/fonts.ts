import cyrillic400 from "@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff2";
import latin400 from "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2";
import type { LocaleCode } from "#app/lib/locales";

/**
 * The font files a page in each locale preloads (docs/decisions/035-css-and-fonts.md): its main subset
 * in the regular weight, the one nearly every line of text uses, where that measured no worse. The
 * faces are declared in app/styles/fonts.css, which points at the same files (the build gives both one
 * fingerprinted URL).
 * - ar preloads nothing: preloading its Arabic file (20 KB) cost 1–2 s of Lighthouse's simulated LCP
 *   in every paired run (a preloaded font is fetched before the first paint, so the simulation counts
 *   it as blocking it); without the preload the swap to it shifts the page by under 0.01.
 * - zh preloads nothing: its ~100 slices load as characters need them.
 */
export const FONT_PRELOADS: Record<LocaleCode, readonly string[]> = {
  en: [latin400],
  ru: [cyrillic400],
  ar: [],
  zh: [],
};
