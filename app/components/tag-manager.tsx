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

/** Runs after the page has loaded and the browser is idle, so the tag manager never competes with the page. */
function whenIdleAfterLoad(run: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    idleHandle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 1);
  };
  // A script added before `load` would hold the load event back; wait for it.
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}

/**
 * Google Tag Manager, when the CMS site settings name a container and the visitor accepted the cookie
 * banner (root.tsx passes no id otherwise): loaded after hydration once the browser is idle, and told
 * about every page view (the first and each client-side navigation). Nothing is rendered or loaded
 * without a container or without consent.
 */
export function TagManager({ id }: { id: string | null | undefined }) {
  const location = useLocation();
  const src = tagManagerScriptUrl(id);
  const loaded = useRef(false);

  useEffect(() => {
    if (!src || loaded.current) return;
    return whenIdleAfterLoad(() => {
      if (loaded.current) return;
      loaded.current = true;
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      const script = document.createElement("script");
      script.async = true;
      script.src = src;
      script.dataset.tagManager = "gtm";
      // GTM hands this nonce to the custom HTML tags it injects (the page's CSP allows only nonce'd inline scripts).
      const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
      if (nonce) script.nonce = nonce;
      document.head.appendChild(script);
    });
  }, [src]);

  useEffect(() => {
    if (!src) return;
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: "page_view", page_path: location.pathname + location.search, page_location: window.location.href, page_title: document.title });
  }, [src, location.pathname, location.search]);

  return null;
}
