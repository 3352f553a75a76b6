import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../hooks/use-page-title';
import { paths } from '../../lib/paths';

export default function NotFoundRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'site.notFound.pageTitle', defaultMessage: 'Page Not Found' }));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-primary">{intl.formatNumber(404, { useGrouping: false })}</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        <FormattedMessage id="site.notFound.title" defaultMessage="404 Page Not Found" />
      </h1>
      <p className="mt-3 text-muted-foreground">
        <FormattedMessage id="site.notFound.text" defaultMessage="The page you are looking for does not exist or has moved." />
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>
          <FormattedMessage id="site.common.backToHome" defaultMessage="Back to home" />
        </Link>
      </Button>
    </div>
  );
}
