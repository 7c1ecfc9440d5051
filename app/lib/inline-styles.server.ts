import { readFileSync } from "node:fs";
import path from "node:path";
import type { StylesheetReader } from "#app/lib/inline-styles";

/**
 * Reads the built stylesheets the document inlines (app/lib/inline-styles.tsx): `/assets/x-HASH.css`
 * from `build/client/`, each once per process (the names are fingerprinted, so a file never changes). Only
 * in production: in development the files change under the dev server, and tests have no build.
 */
export function createStylesheetReader({ clientDir = path.resolve("build/client"), enabled = process.env.NODE_ENV === "production" } = {}): StylesheetReader {
  const texts = new Map<string, string | null>();
  return (href) => {
    if (!enabled || !/^\/assets\/[\w./-]+\.css$/.test(href) || href.includes("..")) return null;
    let css = texts.get(href);
    if (css === undefined) {
      try {
        // A closing tag inside the text would end the <style> element early.
        css = readFileSync(path.join(clientDir, href), "utf8").replace(/<\/style/gi, "<\\/style");
      } catch {
        css = null;
      }
      texts.set(href, css);
    }
    return css;
  };
}
