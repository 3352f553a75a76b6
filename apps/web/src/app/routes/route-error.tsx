import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

/**
 * Shown when a screen fails to render or its code cannot be loaded (typically a new release
 * replaced the files this tab was using): a reload fixes the latter.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div role="alert" className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        <FormattedMessage id="site.routeError.title" defaultMessage="Something went wrong" />
      </h1>
      <p className="mt-3 text-muted-foreground">
        {detail ? (
          <FormattedMessage
            id="site.routeError.textWithDetail"
            defaultMessage="This page could not be displayed. Reloading usually helps. ({detail})"
            values={{ detail }}
          />
        ) : (
          <FormattedMessage id="site.routeError.text" defaultMessage="This page could not be displayed. Reloading usually helps." />
        )}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <FormattedMessage id="site.routeError.reload" defaultMessage="Reload" />
        </Button>
        <Button asChild variant="outline">
          <a href={paths.home}>
            <FormattedMessage id="site.common.backToHome" defaultMessage="Back to home" />
          </a>
        </Button>
      </div>
    </div>
  );
}

