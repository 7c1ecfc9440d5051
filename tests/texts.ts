/** The product's own texts, read from the locale files, so the suites find buttons and messages by what the page says. */
import { readFileSync } from "node:fs";

export type Tree = { [key: string]: string | Tree };

/** One locale file (`app/locales/<code>/<file>.json`). */
export const texts = (code: string, file: string) => JSON.parse(readFileSync(`app/locales/${code}/${file}.json`, "utf8")) as Tree;

/** The text at a dotted key; throws when there is none (a renamed key fails loudly, not as a missing element). */
export function at(tree: Tree, key: string): string {
  const value = key.split(".").reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree);
  if (typeof value !== "string") throw new Error(`no text at ${key}`);
  return value;
}
