import { useEffect } from "react";

/** The `<details>` disclosure menus of the page frame (language, currency, floating support). */
const MENU_SELECTOR = "details.language-switcher, details.currency-switcher, details.floating-support";

/**
 * Makes the `<details>` menus behave like menus once JavaScript runs: Escape closes the open one and
 * puts focus back on its summary, and moving focus or clicking outside closes it. Without JavaScript
 * they still open and close with their summary. Three document listeners, a few hundred bytes.
 */
export function DismissMenus() {
  useEffect(() => {
    const openMenus = () => Array.from(document.querySelectorAll<HTMLDetailsElement>(`${MENU_SELECTOR}`)).filter((menu) => menu.open);

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      for (const menu of openMenus()) {
        const hadFocus = menu.contains(document.activeElement);
        menu.open = false;
        if (hadFocus) menu.querySelector<HTMLElement>("summary")?.focus();
      }
    }
    function onFocusIn(event: FocusEvent) {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    }
    function onPointerDown(event: PointerEvent) {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);
  return null;
}
