import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { NotFoundData } from "#app/web/page.server";
import { LocalizedLink } from "./localized-link";
import { homePath } from "#app/lib/paths";

function isNotFoundData(data: unknown): data is NotFoundData {
  return typeof data === "object" && data !== null && "notFound" in data && "path" in data;
}

/** The 404 screen of the specification, with the line that names the missing path. */
export function NotFoundScreen({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <section className="error-screen container" aria-labelledby="error-heading">
      <p className="error-screen__code" aria-hidden="true">404</p>
      <h1 id="error-heading">{t("errors.notFoundHeading")}</h1>
      <p>{t("errors.notFoundText")}</p>
      {message ? <p className="error-screen__detail">{message}</p> : null}
      <LocalizedLink to={homePath()} className="button button--primary">
        {t("errors.homePage")}
      </LocalizedLink>
    </section>
  );
}

/**
 * The 503 screen: the database (or another service the page needs) went away for a moment; the
 * answer carries Retry-After. "Try again" reloads the same address, with or without JavaScript.
 */
export function UnavailableScreen() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <section className="error-screen container" role="alert" aria-labelledby="error-heading">
      <p className="error-screen__code" aria-hidden="true">503</p>
      <h1 id="error-heading">{t("errors.unavailableHeading")}</h1>
      <p>{t("errors.unavailableText")}</p>
      <a href={`${pathname}${search}`} className="button button--primary">
        {t("errors.tryAgain")}
      </a>
    </section>
  );
}

/** Every route's ErrorBoundary: the 404 screen for missing pages, the 503 screen, otherwise the error's message. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isRouteErrorResponse(error) && error.status === 404) {
    const message = isNotFoundData(error.data)
      ? t(error.data.notFound === "route" ? "errors.pageNotFound" : "errors.routeNotFound", { path: error.data.path })
      : undefined;
    return <NotFoundScreen message={message} />;
  }
  if (isRouteErrorResponse(error) && error.status === 503) return <UnavailableScreen />;

  const message = isRouteErrorResponse(error)
    ? typeof error.data === "object" && error.data && "message" in error.data && typeof error.data.message === "string"
      ? error.data.message
      : null
    : null;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="error-screen container" role="alert" aria-labelledby="error-heading">
      <h1 id="error-heading">{message || t("errors.generic")}</h1>
      <LocalizedLink to={homePath()} className="button button--primary">
        {t("errors.homePage")}
      </LocalizedLink>
    </section>
  );
}
