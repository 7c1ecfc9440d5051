/**
 * The document's JavaScript starts loading once the page has painted (docs/decisions/038-scripts-after-paint.md).
 *
 * Remix's `<Scripts>` writes a `<link rel="modulepreload">` per module and an inline module script that
 * imports the route modules and the entry. The browser fetches all of them while it is still laying the
 * page out, at high priority, beside the fonts and the largest image. Nothing on the page needs them to
 * show (links and forms work without JavaScript), so they are held back in the HTML and released by a
 * small inline script once the first contentful paint has happened and the page's priority image has
 * loaded: the phone spends its first bandwidth on what the visitor sees.
 *
 * The held elements keep their place, so React hydrates the same tree: the links get their `rel` back,
 * and the module script is replaced by a copy of itself with `type="module"` (a data block whose type
 * changes is never run, a new script element is).
 */

/** What a held preload's `rel` and the held module script's `type` become: values browsers ignore. */
const HELD_PRELOAD_REL = "rihla-modulepreload";
const HELD_MODULE_TYPE = "rihla-module";

/**
 * Runs in the browser (serialised into the page): releases the held scripts after the first
 * contentful paint and the priority image, or after `capMs` whichever comes first (a tab opened in the
 * background never paints; a stalled image must not keep the page from becoming interactive forever).
 * Plain ES2017 with no helpers: its source is what the browser runs.
 */
function releaseScriptsAfterPaint(capMs: number, heldPreloadRel: string, heldModuleType: string) {
  // Out of the document before React hydrates it: an element React did not render would be a
  // hydration mismatch, and React would render the whole page again on the client.
  const self = document.currentScript;
  if (self) self.remove();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    document.querySelectorAll<HTMLLinkElement>(`link[rel="${heldPreloadRel}"]`).forEach((link) => {
      link.rel = "modulepreload";
    });
    document.querySelectorAll<HTMLScriptElement>(`script[type="${heldModuleType}"]`).forEach((held) => {
      const script = document.createElement("script");
      script.type = "module";
      script.setAttribute("async", "");
      script.nonce = held.nonce || "";
      script.textContent = held.textContent;
      held.replaceWith(script);
    });
  };
  setTimeout(release, capMs);
  const afterPriorityImage = () => {
    const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    // The frame after it loads, so it has painted before anything else is fetched.
    const next = () => requestAnimationFrame(() => setTimeout(release, 0));
    if (!image || image.complete) next();
    else {
      image.addEventListener("load", next, { once: true });
      image.addEventListener("error", next, { once: true });
    }
  };
  if (typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes || []).indexOf("paint") >= 0) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      afterPriorityImage();
    });
    observer.observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(() => requestAnimationFrame(afterPriorityImage));
}

/** The longest the scripts wait for the paint and the priority image. */
export const RELEASE_CAP_MS = 3_000;

/** The releaser's call, as the page runs it (the nonce'd script's text). */
const RELEASER = `(${releaseScriptsAfterPaint.toString()})(${RELEASE_CAP_MS}, ${JSON.stringify(HELD_PRELOAD_REL)}, ${JSON.stringify(HELD_MODULE_TYPE)})`;

/**
 * The document HTML with Remix's scripts held back until after the paint, or the same HTML when it has
 * none (a streamed chunk after the shell). The script that releases them follows the held module script
 * and carries its CSP nonce.
 */
export function holdScriptsUntilPaint(html: string): string {
  const moduleScript = /<script( nonce="[^"]*")? type="module" async="">/.exec(html);
  if (!moduleScript) return html;
  const close = html.indexOf("</script>", moduleScript.index);
  if (close === -1) return html;
  const end = close + "</script>".length;
  const nonce = moduleScript[1] ?? "";
  const head = html.slice(0, moduleScript.index).replaceAll('<link rel="modulepreload"', `<link rel="${HELD_PRELOAD_REL}"`);
  const script = html.slice(moduleScript.index, end).replace('type="module"', `type="${HELD_MODULE_TYPE}"`);
  return `${head}${script}<script${nonce}>${RELEASER}</script>${html.slice(end)}`;
}
