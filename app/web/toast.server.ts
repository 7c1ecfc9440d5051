/**
 * Flash messages ("toasts") carried across a redirect in a signed cookie, `rihla_flash`. An action
 * answers `redirectWithToast(...)`; the root loader reads and clears it with `getToast(request)` and the
 * page shows it (react-hot-toast with JavaScript, an inline banner without). The cookie's presence
 * makes that one page private (see PERSONAL_COOKIES in ./http).
 */
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { z } from "zod";
import type { Env } from "#app/lib/env.server";

export const TOAST_TYPES = ["info", "success", "warning", "error", "default"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** What an action sends: a translation key (preferred) or a ready text, with interpolation values. */
export type ToastInput = { type?: ToastType; title?: string } & ({ key: string; values?: Record<string, string | number>; text?: never } | { text: string; key?: never; values?: never });

const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(TOAST_TYPES),
  title: z.string().optional(),
  key: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  text: z.string().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

const FLASH_KEY = "toast" as const;

export type FlashStorage = SessionStorage<Record<never, never>, { [FLASH_KEY]: Toast }>;

/** The signed flash cookie's storage (made once, by the app context: it needs SESSION_SECRET). */
export function createFlashStorage(env: Pick<Env, "SITE_URL" | "SESSION_SECRET">): FlashStorage {
  return createCookieSessionStorage<Record<never, never>, { [FLASH_KEY]: Toast }>({
    cookie: {
      name: "rihla_flash",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.SITE_URL.startsWith("https://"),
      secrets: [env.SESSION_SECRET],
      // A flash is meant for the very next page; an unread one should not linger.
      maxAge: 60 * 10,
    },
  });
}

/** Where toasts travel: the app context's `cookies`. */
export type ToastDeps = { cookies: { flash: FlashStorage } };

/** The Set-Cookie value that puts a toast in the flash cookie. */
export async function createToastHeaders(deps: ToastDeps, input: ToastInput): Promise<Headers> {
  const storage = deps.cookies.flash;
  const session = await storage.getSession();
  const toast: Toast = ToastSchema.parse({ id: crypto.randomUUID(), type: input.type ?? "default", ...input });
  session.flash(FLASH_KEY, toast);
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

/** A 303 redirect (redirect-after-post) that shows a toast on the next page. */
export async function redirectWithToast(deps: ToastDeps, url: string, toast: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const cookie of (await createToastHeaders(deps, toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { status: 303, ...init, headers });
}

/**
 * The toast in the request's flash cookie, if any, and the headers that clear it (null when there was
 * no cookie, so pages without a flash send no Set-Cookie and stay cacheable). A tampered or malformed
 * cookie reads as no toast.
 */
export async function getToast(deps: ToastDeps, request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie || !/(?:^|;\s*)rihla_flash=/.test(cookie)) return { toast: null, headers: null };
  const storage = deps.cookies.flash;
  const session = await storage.getSession(cookie);
  const parsed = ToastSchema.safeParse(session.get(FLASH_KEY));
  const headers = new Headers({ "Set-Cookie": await storage.destroySession(session) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** A toast ready to show: its text in the page's language. */
export type ShownToast = { id: string; type: ToastType; title: string | null; message: string };

/** Resolves a toast's key with the page's translation function (texts pass through). */
export function translateToast(toast: Toast, t: (key: string, values?: Record<string, string | number>) => string): ShownToast {
  return { id: toast.id, type: toast.type, title: toast.title ?? null, message: toast.key ? t(toast.key, toast.values) : (toast.text ?? "") };
}
