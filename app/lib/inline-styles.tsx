import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { createContext, useContext, useMemo, type ReactNode } from "react";

/**
 * The page's stylesheets, inlined into the document (docs/decisions/035-css-and-fonts.md).
 *
 * Route modules still export their stylesheets in `links` (Remix loads a route's stylesheets before a
 * client-side navigation shows it). This component renders what Remix's `<Links />` would, except that
 * in the server-rendered document each stylesheet becomes a `<style data-href>` with the built file's
 * text: no request stands between the HTML and the first paint, and it works without JavaScript.
 *
 * In the browser, the inlined `<style>`s stay mounted for the life of the page (React never touches
 * their text: it is empty on the client and hydration keeps the server's) and are switched off with
 * `media="not all"` while the current routes do not link them; a stylesheet the first document did not
 * inline is linked as usual.
 */

/** Reads a built stylesheet's text by its href, or null when it cannot (then it is linked instead). */
export type StylesheetReader = (href: string) => string | null;

const StylesheetReaderContext = createContext<StylesheetReader | null>(null);

export function StylesheetReaderProvider({ value, children }: { value: StylesheetReader; children: ReactNode }) {
  return <StylesheetReaderContext.Provider value={value}>{children}</StylesheetReaderContext.Provider>;
}

type LinkDescriptor = Record<string, string | undefined> & { rel?: string; href?: string };

/** The hrefs the server inlined into this document, read once from the DOM before hydration changes it. */
let inlinedInDocument: string[] | null = null;
function documentInlinedHrefs(): string[] {
  if (inlinedInDocument === null) {
    inlinedInDocument = [...document.querySelectorAll("head style[data-href]")].map((style) => style.getAttribute("data-href") ?? "");
  }
  return inlinedInDocument;
}

/** Every link the matched routes declare, in route order, without duplicates (as Remix's `<Links />`). */
function useRouteLinks(): LinkDescriptor[] {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  return useMemo(() => {
    const seen = new Set<string>();
    const links: LinkDescriptor[] = [];
    for (const match of matches) {
      const module = remix?.routeModules[match.id];
      const css = remix?.manifest.routes[match.id]?.css ?? [];
      const declared = [...css.map((href) => ({ rel: "stylesheet", href })), ...((module?.links?.() ?? []) as LinkDescriptor[])];
      for (const link of declared) {
        const key = JSON.stringify(link);
        if (seen.has(key)) continue;
        seen.add(key);
        links.push(link);
      }
    }
    return links;
  }, [remix, matches]);
}

/** In `<head>`, instead of Remix's `<Links />`. */
export function InlineStyleLinks() {
  const read = useContext(StylesheetReaderContext);
  const links = useRouteLinks();
  const stylesheets = links.filter((link) => link.rel === "stylesheet" && link.href).map((link) => link.href!);
  const others = links.filter((link) => !(link.rel === "stylesheet" && link.href));
  const otherLinks = others.map((link) => <link key={JSON.stringify(link)} {...link} />);

  if (typeof document === "undefined") {
    // On the server: the text of each stylesheet, or a plain link when it cannot be read (tests, dev).
    // In the order the browser renders them too: inlined styles, other links, linked stylesheets.
    const texts = stylesheets.map((href) => ({ href, css: read?.(href) ?? null }));
    return (
      <>
        {texts.map(({ href, css }) => (css === null ? null : <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />))}
        {otherLinks}
        {texts.map(({ href, css }) => (css === null ? <link key={href} rel="stylesheet" href={href} /> : null))}
      </>
    );
  }

  const inlined = documentInlinedHrefs();
  const active = new Set(stylesheets);
  return (
    <>
      {inlined.map((href) => (
        // Empty on the client: hydration keeps the server's text, and later renders never change it.
        <style key={href} data-href={href} media={active.has(href) ? undefined : "not all"} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      ))}
      {otherLinks}
      {stylesheets
        .filter((href) => !inlined.includes(href))
        .map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
    </>
  );
}
