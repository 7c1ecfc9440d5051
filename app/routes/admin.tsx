/**
 * The console's frame: every page under /admin (but signing in) renders inside it. Its loader is the
 * gate: anyone who is not signed-in staff gets the storefront's 404, as if the console did not exist.
 */
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminLanguageSwitch } from "#app/components/admin/language-switch";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import type { CacheHandle } from "#app/lib/cache-policy";
import { can } from "#app/staff/roles";
import adminStylesHref from "#app/styles/admin.css?url";
import { ADMIN_NAV } from "./admin-nav";
import { ADMIN_NO_STORE, requireStaff } from "#app/web/admin-auth.server";
import { SkipLink } from "#app/components/skip-link";
export { shouldRevalidate } from "#app/lib/revalidation";

export const handle = { cache: "private" } satisfies CacheHandle;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesHref }];

export const meta: MetaFunction = () => [{ title: "Rihla Console" }];

export async function loader({ request, context: app }: LoaderFunctionArgs) {
  const member = await requireStaff(app, request);
  const nav = ADMIN_NAV.filter((entry) => can(member.role, entry.permission)).map(({ to, labelKey, end }) => ({ to, labelKey, end: Boolean(end) }));
  return json({ member: { name: member.name, email: member.email, role: member.role }, nav }, { headers: ADMIN_NO_STORE });
}

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="admin-shell">
      <SkipLink mainId="admin-main" />
      <header className="admin-header">
        <Link to="/admin" className="admin-brand">
          Rihla <span>{t("admin.layout.console")}</span>
        </Link>
        <nav aria-label={t("admin.layout.navigation")} className="admin-nav">
          <ul>
            {data.nav.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} end={entry.end} prefetch="intent">
                  {t(entry.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-user">
          <span className="admin-user__name">
            {data.member.name} <span className="admin-user__role">{t(`admin.roles.${data.member.role}`)}</span>
          </span>
          <AdminLanguageSwitch />
          <Form method="post" action="/admin/logout">
            <button type="submit" className="admin-link-button">
              {t("admin.layout.signOut")}
            </button>
          </Form>
        </div>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
