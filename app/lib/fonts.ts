import arabic400 from "#app/fonts/noto-sans-arabic-arabic-400-normal.woff2";
import cyrillic400 from "@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff2";
import latin400 from "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2";
import type { LocaleCode } from "#app/i18n/locales";

/**
 * The font files a page in each locale preloads: only its main subset in the regular weight, the one
 * nearly every line of text uses (docs/decisions/035-css-and-fonts.md). The faces are declared in
 * app/styles/fonts.css, which points at the same files (the build gives both one fingerprinted URL).
 * Chinese preloads nothing: its ~100 slices load as characters need them.
 */
export const FONT_PRELOADS: Record<LocaleCode, readonly string[]> = {
  en: [latin400],
  ru: [cyrillic400],
  ar: [arabic400, latin400],
  zh: [],
};
