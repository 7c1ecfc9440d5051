import { useTranslation } from "react-i18next";

/**
 * For a part that only the browser renders, on its own after hydration (no gesture first): its strings
 * must travel with the page (page-translations.ts), or the browser would fetch the whole language to
 * show it. Called by the component that renders the part's place; on the server, asking for each
 * subtree is what puts it in the page.
 */
export function useClientOnlyStrings(...keys: string[]): void {
  const { t } = useTranslation();
  if (typeof document === "undefined") for (const key of keys) t(key, { returnObjects: true });
}
