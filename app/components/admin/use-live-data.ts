import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Stale-while-revalidate for console pages: the page shows what it has and asks the server again
 * every `intervalMs`, when the tab becomes visible and when the connection comes back, so queues
 * update on their own while an agent keeps the page open. (Without JavaScript, a reload does it.)
 */
export function useLiveData(intervalMs = 30_000): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("online", refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("online", refresh);
    };
  }, [intervalMs, revalidate, state]);
}
