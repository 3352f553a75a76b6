import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { MarketingPage, ProseSection } from './marketing-page';

/** When the policy last changed: shown as a month in the reader's language. */
export const PRIVACY_UPDATED = new Date(2026, 10, 1);

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const contactLink = (chunks: ReactNode[]) => <Link to={paths.contact}>{chunks}</Link>;
const stripeLink = (chunks: ReactNode[]) => (
  <a href="https://stripe.com/privacy" target="_blank" rel="noopener noreferrer">
    {chunks}
  </a>
);

/** What the product really stores and shares (DESIGN.md sections 5 to 7). */
export function PrivacyContent() {
  const intl = useIntl();
  return (
    <MarketingPage
      title={intl.formatMessage({ id: 'site.privacy.title', defaultMessage: 'Privacy Policy' })}
      intro={intl.formatMessage({
        id: 'site.privacy.intro',
        defaultMessage:
          'We collect what it takes to run your QR codes and bill for them, and nothing more. We never store the IP addresses of the people who scan your codes, and we do not sell data to anyone.',
      })}
      updated={intl.formatDate(PRIVACY_UPDATED, { month: 'long', year: 'numeric' })}
    >
      <ProseSection title={intl.formatMessage({ id: 'site.privacy.account.title', defaultMessage: 'Your account' })}>
        <p>
          <FormattedMessage id="site.privacy.account.intro" defaultMessage="When you sign up we store:" />
        </p>
        <ul>
          <li>
            <FormattedMessage
              id="site.privacy.account.names"
              defaultMessage="your username and email address, and the first and last name you may add on your account page;"
            />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.account.password"
              defaultMessage="your password, only as an argon2id hash: nobody, including us, can read it back;"
            />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.account.role"
              defaultMessage="your role, whether your account is active or suspended, and when you joined."
            />
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.codes.title', defaultMessage: 'Your QR codes' })}>
        <p>
          <FormattedMessage
            id="site.privacy.codes.text"
            defaultMessage="For each code: its name, the URL it sends scanners to, its category, its design (colours, style, margin) and the centre logo you upload, if any."
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.scans.title', defaultMessage: 'People who scan your codes' })}>
        <p>
          <FormattedMessage
            id="site.privacy.scans.text"
            defaultMessage="A scan passes through our redirect address. For your analytics we keep, for each scan: the time, the country, region and city looked up from the IP address in a database on our own servers (no outside service is asked), the type of device, its operating system and browser (from the browser's user agent), the website that linked to the code, the preferred language, and whether it looked like a bot or a link preview."
          />
        </p>
        <p>
          <FormattedMessage
            id="site.privacy.scans.ip"
            defaultMessage="<strong>Raw IP addresses are never stored.</strong> To count unique scanners we store a visitor id: a hash of the IP address and user agent mixed with a secret salt that changes every day. Each day's salt is deleted after two days, after which nobody, including us, can link a visitor id to an address or to the same person on another day."
            values={{ strong }}
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.visits.title', defaultMessage: 'Visits to this website' })}>
        <p>
          <FormattedMessage
            id="site.privacy.visits.text"
            defaultMessage={'We count how often each page of this website is viewed (for example "/pricing" or "/dashboard"), as totals per page. These counts carry no cookie, no identifier and no IP address. We use no advertising or third-party analytics trackers.'}
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.cookies.title', defaultMessage: 'Cookies and local storage' })}>
        <ul>
          <li>
            <FormattedMessage
              id="site.privacy.cookies.session"
              defaultMessage="One session cookie keeps you signed in. It is HttpOnly (page scripts cannot read it), and the session ends when you log out, after 7 days without activity, or 30 days after sign-in at the latest."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.cookies.theme"
              defaultMessage={'Your light, dark or system theme choice is kept in your browser\'s local storage under "ui-theme".'}
            />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.cookies.language"
              defaultMessage={'The language you choose for this website is kept in your browser\'s local storage under "qrd.language" and, when you are signed in, on your account, so our emails use it too.'}
            />
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.stripe.title', defaultMessage: 'Payments and Stripe' })}>
        <p>
          <FormattedMessage id="site.privacy.stripe.intro" defaultMessage="Payments are handled by Stripe. Stripe receives:" />
        </p>
        <ul>
          <li>
            <FormattedMessage
              id="site.privacy.stripe.customer"
              defaultMessage="your email address and our internal id for your account, to create your customer record;"
            />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.stripe.subscription"
              defaultMessage="your subscription: billing period (monthly or annual) and the number of codes you pay for;"
            />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.stripe.card"
              defaultMessage="the card details you type into the payment form. That form is Stripe's own: card numbers go straight to Stripe and never reach our servers."
            />
          </li>
        </ul>
        <p>
          <FormattedMessage
            id="site.privacy.stripe.kept"
            defaultMessage="From Stripe we keep your customer and subscription ids, the subscription's status and renewal date, and your card's brand and last four digits to show them on your account page. Stripe's payment form may set its own cookies to prevent fraud; Stripe processes this data under <link>its privacy policy</link>."
            values={{ link: stripeLink }}
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.email.title', defaultMessage: 'Email' })}>
        <p>
          <FormattedMessage
            id="site.privacy.email.text"
            defaultMessage="We email you password reset links and answers to your messages. A message sent through the <link>contact form</link> (your name, email address and message) reaches us by email."
            values={{ link: contactLink }}
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.abuse.title', defaultMessage: 'Protection against abuse' })}>
        <p>
          <FormattedMessage
            id="site.privacy.abuse.text"
            defaultMessage="To slow down password guessing and spam we count sign-in, sign-up, password reset and contact attempts per IP address in counters that delete themselves within one hour. Our servers' technical logs, used to find faults and attacks, are kept for at most 30 days."
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.retention.title', defaultMessage: 'How long we keep data' })}>
        <ul>
          <li>
            <FormattedMessage id="site.privacy.retention.account" defaultMessage="Account details: as long as your account exists." />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.retention.scans"
              defaultMessage="Scans: as long as the code exists. Deleting a code deletes its scans; deleting your account deletes all your codes and their scans."
            />
          </li>
          <li>
            <FormattedMessage
              id="site.privacy.retention.salts"
              defaultMessage="Visitor-id salts: two days. Password reset links: stored only as a hash, valid for one hour, usable once."
            />
          </li>
          <li>
            <FormattedMessage id="site.privacy.retention.sessions" defaultMessage="Sessions: until logout, 7 days without activity, or 30 days." />
          </li>
          <li>
            <FormattedMessage id="site.privacy.retention.billing" defaultMessage="Billing records: as long as tax and accounting law requires." />
          </li>
        </ul>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.rights.title', defaultMessage: 'Your rights' })}>
        <p>
          <FormattedMessage
            id="site.privacy.rights.text"
            defaultMessage="You can see and correct your details on your account page at any time, and delete your account and everything in it there yourself (Account, Security, Delete account): it takes effect at once. You can also download a copy of your data yourself at any time (Account, Profile, Your data, Export my data): one ZIP file with your profile, billing records, QR codes with their settings and history, and every stored scan, as JSON and CSV. We email you a link when it is ready; only you can use it, signed in, and the file is deleted after 7 days. For anything the export does not answer, <link>contact us</link>."
            values={{ link: contactLink }}
          />
        </p>
      </ProseSection>

      <ProseSection title={intl.formatMessage({ id: 'site.privacy.changes.title', defaultMessage: 'Changes' })}>
        <p>
          <FormattedMessage
            id="site.privacy.changes.text"
            defaultMessage="If we change what we collect, we update this page first and tell account holders by email about any change that matters."
          />
        </p>
      </ProseSection>
    </MarketingPage>
  );
}
