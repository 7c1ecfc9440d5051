/**
 * The visual-editing overlays (issue #32), in their own chunk: only a previewing browser ever loads it.
 * `@sanity/visual-editing` reads the stega-encoded prose of the page (app/content/stega.server.ts) and,
 * inside the studio's Presentation tool, outlines each text and opens its field on click. While the
 * editor types, the studio asks for a refresh: the Remix adapter revalidates the loaders, which read the
 * drafts again (the preview content service keeps no cache), so the page follows without a reload.
 */
import { VisualEditing } from "@sanity/visual-editing/remix";

export default function VisualEditingOverlays() {
  return <VisualEditing zIndex={1000} />;
}
