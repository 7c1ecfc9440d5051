import { lazy, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type FormEvent, type MouseEvent } from "react";
import { useNavigate, useSubmit } from "@remix-run/react";
import { useNearViewport } from "#app/lib/use-near-viewport";
import { useKeepsServerHtml } from "./portable-text";

declare global {
  interface Window {
    /** Set by entry.client as hydration starts: a module evaluated after it came with a client navigation. */
    rihlaHydrationStarted?: boolean;
  }
}

/** A layout effect in the browser; on the server (where effects never run) without React's warning. */
const useLayoutEffectInBrowser = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Fields whose value is their checked state, not text the visitor typed. */
const CHECKED_TYPES = new Set(["checkbox", "radio"]);

/** Whether a click on a `<Link>`'s markup should stay the browser's (a new tab, a download, another site, a hash on this page). */
function isBrowsersOwnClick(event: MouseEvent<HTMLElement>, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return true;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return true;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return true;
  return url.pathname === window.location.pathname && url.search === window.location.search && url.hash !== "";
}

/**
 * A part of a page that needs no JavaScript until it shows something new (the detail page's header,
 * main column, booking box and related experiences): hydration keeps the server's markup and the
 * component's code is not part of the page's first load. The browser loads it with the visitor's first
 * gesture, or as soon as a client navigation brings a page that has it, and renders the component
 * itself once its props change.
 *
 * `serverComponent` is the component through a `.server` re-export (an empty module in the browser
 * bundle, so only `load` brings it there). While the markup is the server's, what was rendered by a
 * Remix `<Link>` or `<Form>` (Remix marks them `data-discover`) still navigates and submits on the
 * client as they would; `data-prevent-scroll-reset` and `data-replace` on one carry those options.
 * Plain links and forms stay the browser's, as they are when hydrated.
 *
 * `renderNearViewport`: a part with controls of its own (the booking box) renders itself once it comes
 * within 600 px of the screen, unless the visitor has already started using the server's markup (which
 * works as it does without JavaScript).
 */
export function staticIsland<Props extends object>(
  name: string,
  serverComponent: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
  options: { renderNearViewport?: boolean } = {},
): ComponentType<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const loadOnce = () => (loading ??= load().then((component) => (loaded = component)));
  // (A lazy component takes its props with `ref` added; these components take none, so it is one of them.)
  const LazyComponent = lazy(() => loadOnce().then((component) => ({ default: component }))) as unknown as ComponentType<Props>;
  // This module came with a client navigation: the page it renders will need the code now.
  if (typeof window !== "undefined" && window.rihlaHydrationStarted) void loadOnce().catch(() => undefined);

  function StaticIsland(props: Props) {
    const [nearViewport, setNearViewport] = useState(false);
    const keepsServerHtml = useKeepsServerHtml(props) && !nearViewport;
    const navigate = useNavigate();
    const submit = useSubmit();
    const wrapper = useRef<HTMLDivElement>(null);
    const used = useRef(false);
    /** What the visitor typed into the server's markup, by field name: kept if the component takes over. */
    const typed = useRef(new Map<string, string>());
    useLayoutEffectInBrowser(() => {
      // The component replaced the server's markup (it came near the screen): a field typed into between
      // the decision and the swap (a date entered while the code arrived) keeps its value.
      if (keepsServerHtml || typed.current.size === 0) return;
      for (const [name, value] of typed.current) {
        const field = wrapper.current?.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(`[name="${CSS.escape(name)}"]`);
        if (field && field.value !== value && !(field instanceof HTMLInputElement && CHECKED_TYPES.has(field.type))) field.value = value;
      }
      typed.current.clear();
    }, [keepsServerHtml]);
    useEffect(() => {
      if (keepsServerHtml) void window.rihlaFirstGesture?.then(loadOnce).catch(() => undefined);
    }, [keepsServerHtml]);
    // The wrapper is `display: contents`, without a box of its own: what it holds is watched.
    const content = useMemo(
      () => ({
        get current() {
          return wrapper.current?.firstElementChild ?? null;
        },
      }),
      [],
    );
    const near = useNearViewport(content, undefined, Boolean(options.renderNearViewport) && keepsServerHtml);
    useEffect(() => {
      if (!near || !keepsServerHtml) return;
      let mounted = true;
      void loadOnce().then(
        () => mounted && !used.current && startTransition(() => setNearViewport(true)),
        () => undefined,
      );
      return () => {
        mounted = false;
      };
    }, [near, keepsServerHtml]);

    if (serverComponent) {
      const ServerComponent = serverComponent;
      return (
        <div className="static-island">
          <ServerComponent {...props} />
        </div>
      );
    }
    if (keepsServerHtml) {
      const followLink = (event: MouseEvent<HTMLElement>) => {
        const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-discover]") : null;
        if (!anchor || isBrowsersOwnClick(event, anchor)) return;
        event.preventDefault();
        const url = new URL(anchor.href, window.location.href);
        navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset"), replace: anchor.hasAttribute("data-replace") });
      };
      const submitForm = (event: FormEvent<HTMLElement>) => {
        const form = event.target;
        if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-discover") || (form.target && form.target !== "_self")) return;
        event.preventDefault();
        // The button that submitted it adds its name and value, as with a hydrated <Form>.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        submit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form, {
          preventScrollReset: form.hasAttribute("data-prevent-scroll-reset"),
          replace: form.hasAttribute("data-replace"),
        });
      };
      const markUsed = () => {
        used.current = true;
      };
      const noteInput = (event: FormEvent<HTMLElement>) => {
        used.current = true;
        const field = event.target;
        const isTextField = (field instanceof HTMLInputElement && !CHECKED_TYPES.has(field.type) && field.type !== "file") || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
        if (isTextField && field.name) typed.current.set(field.name, field.value);
      };
      // An empty dangerouslySetInnerHTML tells React the children are not its own: hydration leaves the
      // server's markup in place and later renders do not touch it.
      return (
        <div
          ref={wrapper}
          className="static-island"
          onClick={followLink}
          onSubmit={submitForm}
          onPointerDownCapture={markUsed}
          onKeyDownCapture={markUsed}
          onInputCapture={noteInput}
          dangerouslySetInnerHTML={{ __html: "" }}
          suppressHydrationWarning
        />
      );
    }
    // No Suspense boundary here: one around the kept markup would be a dehydrated boundary, which React
    // renders again from scratch when an update reaches it before it hydrates. Without one, a render that
    // needs the code suspends its transition (every navigation and revalidation is one, and so is the
    // arrival of the rest of the language, entry.client.tsx): the previous page stays until the code is
    // here, as Remix does for route modules.
    const Component = loaded ?? LazyComponent;
    return (
      <div ref={wrapper} className="static-island">
        <Component {...props} />
      </div>
    );
  }
  StaticIsland.displayName = `StaticIsland(${name})`;
  return StaticIsland;
}
