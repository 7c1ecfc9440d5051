import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from "react";
import type { RichText as RichTextValue } from "#app/content/queries";
import { PortableTextRenderer } from "./portable-text-renderer";

type RendererProps = { value: RichTextValue };

let browserRenderer: ComponentType<RendererProps> | null = null;
let rendererLoad: Promise<ComponentType<RendererProps>> | null = null;
function loadRenderer(): Promise<ComponentType<RendererProps>> {
  rendererLoad ??= import("./portable-text-renderer").then((module) => (browserRenderer = module.PortableTextRenderer));
  return rendererLoad;
}
/**
 * The renderer on the server; null in the browser bundle, where `import.meta.env.SSR` is false at build
 * time and the static import above is shaken out, so the browser downloads the renderer only when needed.
 */
const ServerRenderer = import.meta.env.SSR ? PortableTextRenderer : null;
const LazyRenderer = lazy(() => loadRenderer().then((component) => ({ default: component })));

// Keeping the server's markup is shared with the static islands (static-island.tsx), which import it
// from here: every page with an island also has rich text, so the browser gets no extra chunk for it.
const subscribeToNothing = () => () => {};
/** True only while React hydrates the server's HTML: the server snapshot is used then, the client one after. */
export function useIsHydrationRender(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

const NOT_HYDRATED = Symbol("not hydrated");

/**
 * JSON of loader data, once per object. After a revalidation every island on the page compares the
 * same new loader-data object with the one it was hydrated with; serialised here, each of the two is
 * serialised once rather than once per island. Keyed weakly, so it goes with the data. (Loader data is
 * never mutated, so an object's JSON stays its JSON.)
 */
const jsonOf = new WeakMap<object, string>();
function toJson(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  let json = jsonOf.get(value);
  if (json === undefined) jsonOf.set(value, (json = JSON.stringify(value)));
  return json;
}

/**
 * Same values, by identity first and by JSON (loader data revived after a revalidation) after. A props
 * object is new with every render while its values are the loader's objects, so one with the same keys
 * in the same order is compared value by value, which is what comparing its JSON comes to.
 */
export function sameValue(hydrated: unknown, current: unknown): boolean {
  if (hydrated === current) return true;
  if (hydrated && current && typeof hydrated === "object" && typeof current === "object" && !Array.isArray(hydrated) && !Array.isArray(current)) {
    const keys = Object.keys(hydrated);
    const currentKeys = Object.keys(current);
    if (keys.length === currentKeys.length && keys.every((key, index) => key === currentKeys[index])) {
      return keys.every((key) => {
        const [before, after] = [(hydrated as Record<string, unknown>)[key], (current as Record<string, unknown>)[key]];
        return before === after || toJson(before) === toJson(after);
      });
    }
  }
  return toJson(hydrated) === toJson(current);
}

/**
 * Whether this instance still shows the server's markup: it was mounted by hydration and has only ever
 * been given what it was hydrated with. Once it renders anything else it renders for good: going back
 * to an empty `dangerouslySetInnerHTML` would empty the element React has since filled.
 */
export function useKeepsServerHtml(value: unknown): boolean {
  const isHydrationRender = useIsHydrationRender();
  const [hydratedValue] = useState<unknown>(() => (isHydrationRender ? value : NOT_HYDRATED));
  const rendersItself = useRef(hydratedValue === NOT_HYDRATED);
  if (!rendersItself.current && !sameValue(hydratedValue, value)) rendersItself.current = true;
  return !rendersItself.current;
}

/**
 * CMS rich text (a blog body, an FAQ answer, an experience's description, a static page). It never
 * changes in the browser, so hydration keeps the server's HTML as it is and the Portable Text renderer
 * (3 KB of gzipped JavaScript) is not part of the page's first load; the browser loads it only to render
 * rich text itself, on a client navigation or when the content changes.
 */
export function RichText({ value }: { value: RichTextValue }) {
  // Mounted by hydration: the server's HTML for this value is already in the document.
  const keepServerHtml = useKeepsServerHtml(value);
  useEffect(() => {
    // Fetched with the visitor's first gesture (entry.client.tsx), before a client navigation needs it.
    if (keepServerHtml) void window.rihlaFirstGesture?.then(loadRenderer).catch(() => undefined);
  }, [keepServerHtml]);

  if (ServerRenderer) {
    return (
      <div className="rich-text">
        <ServerRenderer value={value} />
      </div>
    );
  }
  // An empty dangerouslySetInnerHTML tells React the children are not its own: hydration leaves the
  // server's markup in place and later renders do not touch it.
  if (keepServerHtml) return <div className="rich-text" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  const Renderer = browserRenderer;
  return (
    <div className="rich-text">
      {Renderer ? (
        <Renderer value={value} />
      ) : (
        <Suspense fallback={null}>
          <LazyRenderer value={value} />
        </Suspense>
      )}
    </div>
  );
}
