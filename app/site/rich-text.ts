import type { RichText } from "#app/content/queries";

/** The readable text of CMS rich text: span texts joined, blocks separated by a blank line; images skipped. */
export function richTextToPlain(value: RichText): string {
  const blocks: string[] = [];
  for (const block of value) {
    if (block._type !== "block" || !("children" in block) || !Array.isArray(block.children)) continue;
    blocks.push(
      (block.children as Array<{ text?: unknown }>)
        .map((child) => (typeof child.text === "string" ? child.text : ""))
        .join(""),
    );
  }
  return blocks.join("\n\n");
}
