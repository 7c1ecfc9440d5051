import { useEffect, useState } from "react";
import toast, { Toaster } from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { ShownToast } from "#app/lib/toast.server";

/** The specification overrides the library's 5000 ms. */
export const TOAST_DURATION_MS = 1000;

const ICONS: Record<ShownToast["type"], string | undefined> = { info: "ℹ️", warning: "⚠️", success: undefined, error: undefined, default: undefined };

/** Shows one flash toast with react-hot-toast (each id once, even when StrictMode runs effects twice). */
export function showToast(flash: ShownToast) {
  const text = flash.title ? `${flash.title}: ${flash.message}` : flash.message;
  const options = { id: flash.id, duration: TOAST_DURATION_MS, className: `toast toast--${flash.type}`, icon: ICONS[flash.type] };
  if (flash.type === "success") toast.success(text, options);
  else if (flash.type === "error") toast.error(text, options);
  else toast(text, options);
}

/**
 * The flash message of the root loader. The server renders it as an inline banner (role="status"),
 * which is what a visitor without JavaScript sees; once React runs, the banner gives way to a toast.
 */
export function FlashToaster({ flash }: { flash: ShownToast | null | undefined }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  return (
    <>
      {flash && !hydrated ? (
        <div className={`flash-banner flash-banner--${flash.type}`} role="status" data-flash={flash.type}>
          <div className="container">
            {flash.title ? <strong>{flash.title}: </strong> : null}
            {flash.message}
          </div>
        </div>
      ) : null}
      <div aria-label={t("toast.region")}>
        <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
      </div>
    </>
  );
}
