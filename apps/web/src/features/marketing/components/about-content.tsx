import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { Price } from '../../../components/price';
import { MarketingPage, ProseSection } from './marketing-page';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export function AboutContent() {
  const intl = useIntl();
  return (
    <MarketingPage
      title={intl.formatMessage({ id: 'site.about.title', defaultMessage: 'About QR Dynamic' })}
      intro={intl.formatMessage({
        id: 'site.about.intro',
        defaultMessage:
          'We make dynamic QR codes simple and cheap: print a code once, change where it points whenever you need to, and see how it is used.',
      })}
    >
      <ProseSection title={intl.formatMessage({ id: 'site.about.why.title', defaultMessage: 'Why we built it' })}>
        <p>
          <FormattedMessage
            id="site.about.why.text"
            defaultMessage="Printed QR codes outlive the pages they point to. Menus change, events move, campaigns end, and a reprint costs far more than a code should. A dynamic code fixes that: it sends scanners through our short redirect address to whatever URL you choose today, and you can change that URL tomorrow without touching the print."
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.about.what.title', defaultMessage: 'What you get' })}>
        <ul>
          <li>
            <FormattedMessage
              id="site.about.what.plan"
              defaultMessage="One plan with every feature, priced per code: {monthly} per code per month or {annual} per code per year."
              values={{ monthly: <Price interval="monthly" />, annual: <Price interval="annual" /> }}
            />
          </li>
          <li>
            <FormattedMessage id="site.about.what.destinations" defaultMessage="Destinations you can change at any time, from the dashboard." />
          </li>
          <li>
            <FormattedMessage
              id="site.about.what.analytics"
              defaultMessage="Real scan analytics: scans and unique scanners, places, devices and time, with bots counted apart."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.about.what.downloads"
              defaultMessage="Downloads in PNG, SVG and vector PDF, in your colours, with your logo."
            />
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.about.how.title', defaultMessage: 'How we work' })}>
        <ul>
          <li>
            <FormattedMessage
              id="site.about.how.fast"
              defaultMessage="<strong>Fast redirects.</strong> Scans are answered before anything else happens, from memory, so a scan feels instant; the analytics are recorded afterwards."
              values={{ strong }}
            />
          </li>
          <li>
            <FormattedMessage
              id="site.about.how.privacy"
              defaultMessage="<strong>Privacy by design.</strong> We never store scanners' IP addresses; unique visitors are counted with ids that cannot be traced back. Read the <link>Privacy Policy</link>."
              values={{ strong, link: (chunks: ReactNode[]) => <Link to={paths.privacy}>{chunks}</Link> }}
            />
          </li>
          <li>
            <FormattedMessage
              id="site.about.how.billing"
              defaultMessage="<strong>Honest billing.</strong> No setup fees, no contract, cancel any time. Our <link>Terms of Service</link> say exactly what happens when a subscription ends."
              values={{ strong, link: (chunks: ReactNode[]) => <Link to={paths.terms}>{chunks}</Link> }}
            />
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.about.talk.title', defaultMessage: 'Talk to us' })}>
        <p>
          <FormattedMessage id="site.about.talk.text" defaultMessage="Questions, ideas or a problem with a code? We read every message." />
        </p>
        <div>
          <Button asChild>
            <Link to={paths.contact}>
              <FormattedMessage id="site.contact.title" defaultMessage="Contact us" />
            </Link>
          </Button>
        </div>
      </ProseSection>
    </MarketingPage>
  );
}
