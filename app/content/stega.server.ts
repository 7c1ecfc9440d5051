/**
 * Stega for preview mode (issue #32): in an editor's preview, the prose strings of content results carry
 * invisible (zero-width) characters naming the document and field they came from, so the visual-editing
 * overlays can open that field in the studio. Only prose is encoded: a string the storefront uses as
 * logic (slugs, ids, languages, kinds and groups, currency codes, layout and storefront switches, links,
 * phone numbers, tags) never carries stega, so no comparison, regex, URL or `dir` ever sees it. Published
 * content is never encoded (the shared store has no stega at all).
 *
 * On Sanity, `@sanity/client` encodes from the API's Content Source Map with `STEGA_FILTER`. The embedded
 * seed store has no source map, so each draft-overlaid document is encoded in place by the same function
 * of the same client (`stegaEncodeSourceMap`) with a map saying "this document, from its root": the
 * strings then carry exactly the edit links Sanity's would, and the queries' filters still match because
 * the fields they compare are never encoded.
 */
import type { ContentSourceMap, FilterDefault } from "@sanity/client";
import { stegaEncodeSourceMap } from "@sanity/client/stega";

/** Where the overlays send an editor: the studio (STUDIO_ORIGIN), else a studio run locally by `npm run studio`. */
export const LOCAL_STUDIO_URL = "http://localhost:3333";

/** The fields whose strings are prose a reader sees. Anything else is left as it is. */
const PROSE_FIELDS = new Set([
  "alt",
  "answer",
  "caption",
  "description",
  "excerpt",
  "exclusions",
  "heading",
  "highlights",
  "inclusions",
  "intro",
  "name",
  "question",
  "quote",
  "role",
  "shortDescription",
  "siteName",
  "subtitle",
  "text",
  "title",
  "whatToBring",
]);
/** Keys of a localized value ({ en, ru, zh, ar }): the field is the key before them. */
const LOCALE_KEYS = new Set(["en", "ru", "zh", "ar"]);

/** The field a value belongs to: the last named path segment that is not a language key. */
function fieldOf(path: ReadonlyArray<string | number | { _key: string; _index: number }>): string | null {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index];
    if (typeof segment === "string" && !LOCALE_KEYS.has(segment)) return segment;
  }
  return null;
}

/** True when a source path names a prose field, and Sanity's own default filter (dates, URLs, slugs, ids, `_` keys) agrees. */
export const STEGA_FILTER: FilterDefault = (props) => {
  const field = fieldOf(props.sourcePath);
  return field !== null && PROSE_FIELDS.has(field) && props.filterDefault(props);
};

/** One document with its prose strings stega-encoded, pointing at `studioUrl`'s editor for that document and field. */
export function encodeDocumentForPreview<Doc extends { _id: string; _type: string }>(doc: Doc, studioUrl: string): Doc {
  const sourceMap: ContentSourceMap = {
    documents: [{ _id: doc._id, _type: doc._type }],
    paths: ["$"],
    mappings: { $: { type: "value", source: { type: "documentValue", document: 0, path: 0 } } },
  };
  return stegaEncodeSourceMap(doc, sourceMap, { enabled: true, studioUrl, filter: STEGA_FILTER }) as Doc;
}
