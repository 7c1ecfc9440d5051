import { Link, NavLink, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { useLocalizedPath } from "#app/i18n/use-locale";

/** A link to a site path in the current locale; route data is prefetched on hover or focus. */
export function LocalizedLink({ to, prefetch = "intent", ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const localize = useLocalizedPath();
  return <Link to={localize(to)} prefetch={prefetch} {...props} />;
}

export function LocalizedNavLink({ to, prefetch = "intent", ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const localize = useLocalizedPath();
  return <NavLink to={localize(to)} prefetch={prefetch} end {...props} />;
}
