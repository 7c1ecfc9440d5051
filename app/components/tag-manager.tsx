import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** The GTM loader URL for a container id, or null when the id is missing or not a container id. */
export function tagManagerScriptUrl(id: string | null | undefined): string | null {
  return id && /^GTM-[A-Z0-9]{4,12}$/.test(id) ? `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}` : null;
}

/**
 * Google Tag Manager, when the CMS site settings name a container and the visitor accepted the cookie
 * banner (root.tsx passes no id otherwise): loaded after hydration once the browser is idle, and told
 * about every page view (the first and each client-side navigation). Nothing is rendered or loaded
 * without a container or without consent, not even the loader's own code (tag-manager-loader.ts).
 */
export function TagManager({ id }: { id: string | null | undefined }) {
  const location = useLocation();
  const src = tagManagerScriptUrl(id);
  const loaded = useRef(false);

  useEffect(() => {
    if (!src || loaded.current) return;
    // The loader is its own small chunk, fetched only here: without a container or consent, never.
    let cancel: (() => void) | null = null;
    let unmounted = false;
    void import("./tag-manager-loader").then(({ loadTagManagerWhenIdle }) => {
      if (unmounted || loaded.current) return;
      cancel = loadTagManagerWhenIdle(src, () => {
        loaded.current = true;
      });
    });
    return () => {
      unmounted = true;
      cancel?.();
    };
  }, [src]);

  useEffect(() => {
    if (!src) return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: "page_view", page_path: location.pathname + location.search, page_location: window.location.href, page_title: document.title });
  }, [src, location.pathname, location.search]);

  return null;
}
