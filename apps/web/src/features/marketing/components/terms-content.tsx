import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Price } from '../../../components/price';
import { MarketingPage, ProseSection } from './marketing-page';

/** When the terms last changed: shown as a month in the reader's language. */
export const TERMS_UPDATED = new Date(2026, 10, 1);

const prices = { monthly: <Price interval="monthly" />, annual: <Price interval="annual" /> };

/** The terms, consistent with how billing works (DESIGN.md section 6). */
export function TermsContent() {
  const intl = useIntl();
  return (
    <MarketingPage
      title={intl.formatMessage({ id: 'site.terms.title', defaultMessage: 'Terms of Service' })}
      intro={intl.formatMessage({
        id: 'site.terms.intro',
        defaultMessage:
          'These terms apply when you use QR Dynamic to create, manage and track dynamic QR codes. By creating an account you agree to them.',
      })}
      updated={intl.formatDate(TERMS_UPDATED, { month: 'long', year: 'numeric' })}
    >
      <ProseSection title={intl.formatMessage({ id: 'site.terms.service.title', defaultMessage: 'The service' })}>
        <p>
          <FormattedMessage
            id="site.terms.service.text"
            defaultMessage="A dynamic QR code encodes a short address of ours. When someone scans it, we send them on to the URL you have chosen, and we count the scan for your analytics. You can change the URL at any time; the code's image stays the same."
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.terms.account.title', defaultMessage: 'Your account' })}>
        <ul>
          <li>
            <FormattedMessage
              id="site.terms.account.password"
              defaultMessage="Keep your password secret; you are responsible for what is done with your account."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.terms.account.email"
              defaultMessage="Give a real email address: it is how you reset your password and how we reach you."
            />
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.terms.billing.title', defaultMessage: 'Prices and billing' })}>
        <ul>
          <li>
            <FormattedMessage
              id="site.terms.billing.price"
              defaultMessage="The price is per QR code: {monthly} per code per month, or {annual} per code per year. Each code you keep is one seat on your subscription; subscribing buys the first one."
              values={{ monthly: prices.monthly, annual: prices.annual }}
            />
          </li>
          <li>
            <FormattedMessage
              id="site.terms.billing.seats"
              defaultMessage="Adding a code adds a seat, charged pro rata for the rest of the current period. Deleting a code removes its seat and the unused time is credited to your next invoice. Deactivating a code keeps its seat."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.terms.billing.renewal"
              defaultMessage="Subscriptions renew automatically at the end of each period until you cancel. There are no setup fees."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.terms.billing.changes"
              defaultMessage="Prices may change; we tell you by email at least 30 days before a change applies to your subscription."
            />
          </li>
        </ul>
      </ProseSection>

      <ProseSection
        title={intl.formatMessage({ id: 'site.terms.ending.title', defaultMessage: 'Cancelling, failed payments and the end of a subscription' })}
      >
        <ul>
          <li>
            <FormattedMessage
              id="site.terms.ending.cancel"
              defaultMessage="You can cancel at any time. The cancellation takes effect at the end of the period you have paid for, and you can resume the subscription until then. Paid periods are not refunded."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.terms.ending.pastDue"
              defaultMessage="If a renewal payment fails, your subscription becomes past due: your codes keep redirecting during the grace period while you update your payment method."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.terms.ending.end"
              defaultMessage={'When a subscription ends (cancelled, or unpaid after the grace period), your codes stop redirecting and scanners see "This QR code is not active". Your codes, their images and their analytics are kept: subscribing again brings every code back.'}
            />
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.terms.use.title', defaultMessage: 'Acceptable use' })}>
        <p>
          <FormattedMessage id="site.terms.use.intro" defaultMessage="Codes must not send people to:" />
        </p>
        <ul>
          <li>
            <FormattedMessage
              id="site.terms.use.deceive"
              defaultMessage="phishing, malware, scams or anything that deceives the person scanning;"
            />
          </li>
          <li>
            <FormattedMessage id="site.terms.use.illegal" defaultMessage="content that is illegal, or that infringes someone else's rights;" />
          </li>
          <li>
            <FormattedMessage id="site.terms.use.redirect" defaultMessage="another QR code redirect of ours." />
          </li>
        </ul>
        <p>
          <FormattedMessage
            id="site.terms.use.suspend"
            defaultMessage="Destinations must be http or https addresses. We may suspend an account that breaks these rules; while an account is suspended it cannot sign in and its codes stop redirecting."
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.terms.availability.title', defaultMessage: 'Availability' })}>
        <p>
          <FormattedMessage
            id="site.terms.availability.text"
            defaultMessage="We aim for {share} availability of the redirect service and build for it, but we do not guarantee that the service is never interrupted, for example during maintenance or outages of providers we depend on."
            values={{ share: intl.formatNumber(0.999, { style: 'percent', maximumFractionDigits: 1 }) }}
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.terms.content.title', defaultMessage: 'Your content' })}>
        <p>
          <FormattedMessage
            id="site.terms.content.text"
            defaultMessage="Your codes, names, destinations and logos remain yours. You give us the right to store and process them only to run the service for you. How we handle personal data is described in the <link>Privacy Policy</link>."
            values={{ link: (chunks: ReactNode[]) => <Link to={paths.privacy}>{chunks}</Link> }}
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.terms.liability.title', defaultMessage: 'Liability' })}>
        <p>
          <FormattedMessage
            id="site.terms.liability.text"
            defaultMessage="The service is provided as is. To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the twelve months before it arose."
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.terms.changes.title', defaultMessage: 'Changes and contact' })}>
        <p>
          <FormattedMessage
            id="site.terms.changes.text"
            defaultMessage="We may update these terms; we tell account holders by email before a material change takes effect. Questions? <link>Contact us</link>."
            values={{ link: (chunks: ReactNode[]) => <Link to={paths.contact}>{chunks}</Link> }}
          />
        </p>
      </ProseSection>
    </MarketingPage>
  );
}
