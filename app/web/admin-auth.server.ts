/**
 * The console's HTTP side of staff access: reading the staff session from its cookie, refusing anyone
 * who is not staff (404: the console does not admit it exists) and any staff member without the
 * permission an action needs (403), and the console's language and translations.
 */
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { getFixedT } from "#app/i18n/i18n.server";
import { adminLocaleFromCookieHeader, adminLocaleSetCookie, type AdminLocale } from "#app/lib/admin-locale";
import { readStaffSessionId } from "#app/web/staff-cookie.server";
import type { Actor } from "#app/staff/audit.server";
import { can, type Permission, type StaffRole } from "#app/staff/roles";
import { readStaffSession, type StaffMember, type StaffSession } from "#app/staff/staff.server";

export const ADMIN_NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

type AdminDeps = Pick<AppLoadContext, "db" | "cookies" | "clock">;

const perRequest = new WeakMap<Request, Promise<StaffSession | null>>();

/**
 * After a password (signing in, or one set from a link): the new session's cookie, the member's console
 * language, and on to the code step.
 */
export async function redirectToCodeStep(app: Pick<AppLoadContext, "cookies" | "env">, sessionId: string, locale: AdminLocale, baseHeaders: HeadersInit): Promise<Response> {
  const headers = new Headers(baseHeaders);
  headers.append("Set-Cookie", await app.cookies.staff.serialize(sessionId));
  headers.append("Set-Cookie", adminLocaleSetCookie(locale, app.env.SITE_URL.startsWith("https://")));
  return redirect("/admin/login/verify", { headers });
}

/** The request's staff session at whatever stage, or null (one lookup per request). */
export function readStaff(app: AdminDeps, request: Request): Promise<StaffSession | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = readStaffSessionId(app.cookies.staff, request.headers.get("Cookie")).then((id) => (id ? readStaffSession(app.db, id, app.clock.now()) : null));
    perRequest.set(request, found);
  }
  return found;
}

/** The response for anyone who is not signed-in staff: the storefront's own 404. */
export function adminNotFound(request: Request): Response {
  return json({ notFound: "route", path: new URL(request.url).pathname }, { status: 404, headers: ADMIN_NO_STORE });
}

/**
 * The signed-in staff member (both factors given), or a thrown 404. With `permission`, a staff member
 * whose role lacks it gets a thrown 403.
 */
export async function requireStaff(app: AdminDeps, request: Request, permission?: Permission): Promise<StaffMember> {
  const session = await readStaff(app, request);
  if (!session || session.stage !== "FULL") throw adminNotFound(request);
  if (permission && !can(session.member.role, permission)) {
    throw json({ message: getFixedT(session.member.locale)("admin.errors.forbidden") }, { status: 403, headers: ADMIN_NO_STORE });
  }
  return session.member;
}

export function actorOf(member: StaffMember): Actor {
  return { id: member.userId, email: member.email };
}

export type AdminPageContext = { locale: AdminLocale; t: TFunction };

/** The console's language (cookie) and its translation function. */
export function adminPageContext(request: Request): AdminPageContext {
  const locale = adminLocaleFromCookieHeader(request.headers.get("Cookie"));
  return { locale, t: getFixedT(locale) };
}

/** How a console record page's loader asks for its record: the URL's reference, in the console's language, for the member's role. */
export type RecordLookup = { reference: string; locale: AdminLocale; role: StaffRole };

/**
 * A console page about one record the URL names by its reference (an order, a custom offer): only staff
 * who may see orders, and a reference that `load` finds nothing for is the console's 404. Returns the
 * page, the console's translations and the URL's query (where a form's redirect leaves its notice).
 */
export async function loadRecordPage<Page>(app: AdminDeps, request: Request, reference: string | undefined, load: (lookup: RecordLookup) => Promise<Page | null>): Promise<{ page: Page; t: TFunction; query: URLSearchParams }> {
  const member = await requireStaff(app, request, "orders.view");
  const { locale, t } = adminPageContext(request);
  const page = await load({ reference: reference ?? "", locale, role: member.role });
  if (!page) throw adminNotFound(request);
  return { page, t, query: new URL(request.url).searchParams };
}
