import { lazy, useEffect, type ComponentType, type MouseEvent } from "react";
import { useNavigate } from "@remix-run/react";
import { useKeepsServerHtml } from "./portable-text";

declare global {
  interface Window {
    /** Set by entry.client as hydration starts: a module evaluated after it came with a client navigation. */
    rihlaHydrationStarted?: boolean;
  }
}

/** Whether a click on a link should stay the browser's (a new tab, a download, another site, a hash on this page). */
function isBrowsersOwnClick(event: MouseEvent<HTMLElement>, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return true;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload-document")) return true;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return true;
  return url.pathname === window.location.pathname && url.search === window.location.search && url.hash !== "";
}

/**
 * A part of a page that needs no JavaScript until it shows something new (reviews, the related
 * experiences, the experience's descriptive sections): hydration keeps the server's markup and the
 * component's code is not part of the page's first load. The browser loads it with the visitor's first
 * gesture, or as soon as a client navigation brings a page that has it, and renders the component
 * itself once its props change.
 *
 * `serverComponent` is the component through a `.server` re-export (an empty module in the browser
 * bundle, so only `load` brings it there). While the markup is the server's, its same-site links are
 * followed as client navigations, as the `<Link>`s they were rendered from would be;
 * `data-prevent-scroll-reset` and `data-replace` on a link carry those `<Link>` options.
 */
export function staticIsland<Props extends object>(
  name: string,
  serverComponent: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const loadOnce = () => (loading ??= load().then((component) => (loaded = component)));
  // (A lazy component takes its props with `ref` added; these components take none, so it is one of them.)
  const LazyComponent = lazy(() => loadOnce().then((component) => ({ default: component }))) as unknown as ComponentType<Props>;
  // This module came with a client navigation: the page it renders will need the code now.
  if (typeof window !== "undefined" && window.rihlaHydrationStarted) void loadOnce().catch(() => undefined);

  function StaticIsland(props: Props) {
    const keepsServerHtml = useKeepsServerHtml(props);
    const navigate = useNavigate();
    useEffect(() => {
      if (keepsServerHtml) void window.rihlaFirstGesture?.then(loadOnce).catch(() => undefined);
    }, [keepsServerHtml]);

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
        const anchor = event.target instanceof Element ? event.target.closest("a") : null;
        if (!anchor || isBrowsersOwnClick(event, anchor)) return;
        event.preventDefault();
        const url = new URL(anchor.href, window.location.href);
        navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset"), replace: anchor.hasAttribute("data-replace") });
      };
      // An empty dangerouslySetInnerHTML tells React the children are not its own: hydration leaves the
      // server's markup in place and later renders do not touch it.
      return <div className="static-island" onClick={followLink} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
    }
    // No Suspense boundary here: one around the kept markup would be a dehydrated boundary, which React
    // renders again from scratch when an update reaches it before it hydrates. Without one, a render that
    // needs the code suspends its transition (every navigation and revalidation is one, and so is the
    // arrival of the rest of the language, entry.client.tsx): the previous page stays until the code is
    // here, as Remix does for route modules.
    const Component = loaded ?? LazyComponent;
    return (
      <div className="static-island">
        <Component {...props} />
      </div>
    );
  }
  StaticIsland.displayName = `StaticIsland(${name})`;
  return StaticIsland;
}
