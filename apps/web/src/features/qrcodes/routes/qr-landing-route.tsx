import { SLUG_PATTERN } from '@qrd/contracts';
import { ScanLine } from 'lucide-react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../lib/paths';

/**
 * /qr/{id} (spec): the scan landing page. Codes encode /r/{slug}; an address of this shape that
 * carries a slug is sent on to the redirect, so a link written the old way still works.
 */
export function QrLandingRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'codesList.landing.title', defaultMessage: 'QR Code Scanner' }));
  const { id = '' } = useParams();

  useEffect(() => {
    if (SLUG_PATTERN.test(id)) window.location.replace(`/r/${id}`);
  }, [id]);

  return (
    <div className="mx-auto grid max-w-lg px-4 py-16">
      <Card className="text-center">
        <CardHeader className="justify-items-center">
          <ScanLine className="mx-auto size-10 text-primary" aria-hidden="true" />
          <CardTitle as="h1" className="text-2xl">
            <FormattedMessage id="codesList.landing.title" defaultMessage="QR Code Scanner" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="codesList.landing.description" defaultMessage="You scanned a QR code. You should be redirected automatically." />
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm text-muted-foreground">
          <p>
            <FormattedMessage id="codesList.landing.hint" defaultMessage="If nothing happens, the QR code may have expired or been deactivated by its owner." />
          </p>
          <Link to={paths.home} className="font-medium text-primary hover:underline">
            <FormattedMessage id="codesList.landing.home" defaultMessage="Go to the homepage" />
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
