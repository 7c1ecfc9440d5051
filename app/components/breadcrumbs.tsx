import { LocalizedLink } from "./localized-link";

export type Crumb = { name: string; /** A site path below the locale prefix; the last crumb (this page) has none. */ path?: string };

/**
 * The trail above a page's title (listing, detail, blog post). One line at every width: the earlier
 * crumbs keep their names, the current page's name is cut with an ellipsis (its full text stays in the
 * page and in `title`), so a phone never shows a wrapped trail with a separator left at a line's start.
 */
export function Breadcrumbs({ label, items }: { label: string; items: Crumb[] }) {
  return (
    <nav aria-label={label} className="breadcrumbs">
      <ol>
        {items.map((crumb, index) =>
          index < items.length - 1 && crumb.path ? (
            <li key={`${index}-${crumb.path}`}>
              <LocalizedLink to={crumb.path}>{crumb.name}</LocalizedLink>
            </li>
          ) : (
            <li key={`${index}-current`} aria-current="page" title={crumb.name}>
              {crumb.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
