import { useEffect, useState, type RefObject } from "react";

/**
 * Becomes true (and stays true) once the element comes within `margin` of the viewport: for a part
 * that only the browser adds, so its code and data load when the visitor gets near it rather than with
 * every page (the booking box sits far below the fold on a phone, beside the fold on a desktop).
 * Nothing is observed while `enabled` is false.
 */
export function useNearViewport(ref: RefObject<Element>, margin = "600px", enabled = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !enabled || !element) return;
    if (typeof IntersectionObserver !== "function") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, enabled]);
  return near;
}
