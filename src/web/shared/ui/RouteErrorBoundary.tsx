import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { paths } from "../routing/paths.ts";
import { MAIN_ID } from "./landmarks.ts";
import "./RouteErrorBoundary.css";

type Props = {
  /** Set on the root route: the site layout is not rendered, so this supplies its own <main>. */
  standalone?: boolean;
};

/**
 * Error element for every route. Links use plain <a href> on purpose: a full page load is the
 * surest way out of whatever state broke the page.
 */
export function RouteErrorBoundary({ standalone = false }: Props) {
  const error = useRouteError();

  const content =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundPage />
    ) : (
      <section className="route-error container" aria-labelledby="route-error-title">
        <title>Something went wrong · Pathwise</title>
        <p className="eyebrow">Unexpected error</p>
        <h1 id="route-error-title" className="route-error__title">
          Something went wrong on this page
        </h1>
        <p className="route-error__text">
          Reloading usually fixes it. If it keeps happening, please <a href={paths.contacts}>contact us</a> and tell us what you were doing.
        </p>
        <div className="route-error__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <a href={paths.home} className="button button--secondary">
            Go to the home page
          </a>
        </div>
      </section>
    );

  if (!standalone) return content;
  return (
    <main id={MAIN_ID} tabIndex={-1}>
      {content}
    </main>
  );
}
