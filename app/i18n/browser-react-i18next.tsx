/**
 * What the browser build gets when a component imports "react-i18next" (vite.config.ts resolves the
 * name here for the client only): `useTranslation` over the page's translator (translator.ts), read
 * from the context entry.client.tsx provides. The server renders with react-i18next and i18next
 * themselves. Components use `t`, `i18n.language` and `i18n.dir()` and nothing else of the hook, which
 * is all this gives (with `ready`, always true: the page's strings are there before hydration).
 */
import { createContext, useContext } from "react";
import type { Translator } from "./translator";

export type TranslationContextValue = {
  i18n: Translator;
  /** Changes once, when the whole language has arrived, so every translating component re-renders. */
  complete: boolean;
};

export const I18nContext = createContext<TranslationContextValue | null>(null);

export function useTranslation() {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useTranslation: no translator in context (entry.client.tsx provides it)");
  const { i18n } = value;
  return { t: i18n.t, i18n, ready: true };
}
