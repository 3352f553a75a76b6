import { ChartColumn, ExternalLink, Pencil } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';

/** What the picture encodes (tools/web-demo-qr.mjs draws it with our own renderer). */
const SAMPLE_DESTINATION = 'example.com/spring-menu';
const SAMPLE_IMAGE = '/demo-qr.svg';

/**
 * The hero's display-only illustration of a code in the dashboard. Its figures are marketing copy
 * on a card labelled as an example, never account data.
 */
export function DemoCard() {
  const intl = useIntl();
  return (
    <figure className="mx-auto w-full max-w-sm">
      <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-xl shadow-primary/10">
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold">
            <FormattedMessage id="billing.landing.demo.name" defaultMessage="Spring menu" />
          </p>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            <FormattedMessage id="billing.landing.demo.live" defaultMessage="Live & Active" />
          </span>
        </div>
        <div className="mt-5 flex justify-center">
          {/* White behind the code in dark mode too: scanners need dark modules on a light ground. */}
          <img
            src={SAMPLE_IMAGE}
            alt={intl.formatMessage(
              { id: 'billing.landing.demo.imageAlt', defaultMessage: 'Sample QR code that opens {destination}' },
              { destination: SAMPLE_DESTINATION },
            )}
            width={200}
            height={200}
            className="size-[200px] rounded-lg bg-white p-1 ring-1 ring-border"
          />
        </div>
        <dl className="mt-5 grid gap-3 text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted-foreground">
              <FormattedMessage id="billing.landing.demo.destination" defaultMessage="Destination" />
            </dt>
            <dd className="flex min-w-0 items-center gap-1 font-medium">
              <ExternalLink className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate" dir="ltr">
                {SAMPLE_DESTINATION}
              </span>
            </dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted-foreground">
              <FormattedMessage id="billing.landing.demo.scans" defaultMessage="Scans" />
            </dt>
            <dd className="flex items-center gap-1 font-medium">
              <ChartColumn className="size-3.5 text-primary" aria-hidden="true" />
              <FormattedMessage id="billing.landing.demo.scansThisWeek" defaultMessage="{count, number} this week" values={{ count: 124 }} />
            </dd>
          </div>
        </dl>
        {/* Looks like the dashboard's button; the card is a picture, so it does nothing. */}
        <span aria-hidden="true" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-5 w-full cursor-default')}>
          <Pencil /> <FormattedMessage id="billing.landing.demo.editUrl" defaultMessage="Edit URL" />
        </span>
      </div>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">
        <FormattedMessage
          id="billing.landing.demo.caption"
          defaultMessage="Example of a code in your dashboard. Change the URL and the printed code follows."
        />
      </figcaption>
    </figure>
  );
}
