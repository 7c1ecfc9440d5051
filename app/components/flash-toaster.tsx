import { useEffect, useState } from "react";
import type { ShownToast } from "#app/web/toast.server";

/** The specification overrides the library's 5000 ms. */
export const TOAST_DURATION_MS = 1000;

type HotToast = typeof import("react-hot-toast");

const ICONS: Record<ShownToast["type"], string | undefined> = { info: "ℹ️", warning: "⚠️", success: undefined, error: undefined, default: undefined };

/** Shows one flash toast with react-hot-toast (each id once, even when StrictMode runs effects twice). */
export function showToast({ default: toast }: HotToast, flash: ShownToast) {
  const text = flash.title ? `${flash.title}: ${flash.message}` : flash.message;
  const options = { id: flash.id, duration: TOAST_DURATION_MS, className: `toast toast--${flash.type}`, icon: ICONS[flash.type] };
  if (flash.type === "success") toast.success(text, options);
  else if (flash.type === "error") toast.error(text, options);
  else toast(text, options);
}

/**
 * The flash message of the root loader. The server renders it as an inline banner (role="status"),
 * which is what a visitor without JavaScript sees; once React runs, the banner gives way to a toast.
 * react-hot-toast is loaded only when there is something to show, so pages without a flash message
 * do not pay for it in their first load.
 */
export function FlashToaster({ flash }: { flash: ShownToast | null | undefined }) {
  const [hotToast, setHotToast] = useState<HotToast | null>(null);
  useEffect(() => {
    if (!flash) return;
    let cancelled = false;
    void import("react-hot-toast")
      .then((module) => {
        if (cancelled) return;
        setHotToast(() => module);
        showToast(module, flash);
      })
      .catch((error: unknown) => console.error("[toast] could not load the toaster", error));
    return () => {
      cancelled = true;
    };
  }, [flash]);
  return (
    <>
      {flash && !hotToast ? (
        <div className={`flash-banner flash-banner--${flash.type}`} role="status" data-flash={flash.type}>
          <div className="container">
            {flash.title ? <strong>{flash.title}: </strong> : null}
            {flash.message}
          </div>
        </div>
      ) : null}
      {hotToast ? <hotToast.Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} /> : null}
    </>
  );
}
