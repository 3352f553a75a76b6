import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ReportForm } from '../../features/abuse';
import { usePageTitle } from '../../hooks/use-page-title';

export default function ReportRoute() {
  const intl = useIntl();
  usePageTitle(
    intl.formatMessage({ id: 'site.report.pageTitle', defaultMessage: 'Report a QR code' }),
    intl.formatMessage({
      id: 'site.report.pageDescription',
      defaultMessage: 'Tell us about a QR code that leads to phishing, malware, a scam or other harmful content.',
    }),
  );
  const [params] = useSearchParams();
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          <FormattedMessage id="site.report.title" defaultMessage="Report a QR code" />
        </h1>
        <p className="mt-4 text-lg text-muted-foreground text-pretty">
          <FormattedMessage
            id="site.report.intro"
            defaultMessage="Did a QR code send you somewhere harmful: a fake login page, a download you did not ask for, a scam? Tell us and a person will look at it. We can disable any code made with QR Dynamic."
          />
        </p>
      </header>
      <ReportForm initialCode={params.get('code') ?? ''} />
    </div>
  );
}
