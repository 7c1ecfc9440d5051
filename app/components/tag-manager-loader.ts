// The tag manager's loader, imported by tag-manager.tsx only once a visitor has accepted analytics on
// a site that names a container: most page views never download it.

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

/** Adds GTM's script (`src`, from tagManagerScriptUrl) once the browser is idle after load; returns how to cancel before then. */
export function loadTagManagerWhenIdle(src: string, onLoaded: () => void): () => void {
  return whenIdleAfterLoad(() => {
    onLoaded();
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
}
