import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Price } from '../../../components/price';
import { MarketingPage, ProseSection } from './marketing-page';

/** The terms, consistent with how billing works (DESIGN.md section 6). */
export function TermsContent() {
  return (
    <MarketingPage
      title="Terms of Service"
      intro="These terms apply when you use QR Dynamic to create, manage and track dynamic QR codes. By creating an account you agree to them."
      updated="November 2026"
    >
      <ProseSection title="The service">
        <p>
          A dynamic QR code encodes a short address of ours. When someone scans it, we send them on to the URL you have
          chosen, and we count the scan for your analytics. You can change the URL at any time; the code's image stays
          the same.
        </p>
      </ProseSection>

      <ProseSection title="Your account">
        <ul>
          <li>Keep your password secret; you are responsible for what is done with your account.</li>
          <li>Give a real email address: it is how you reset your password and how we reach you.</li>
        </ul>
      </ProseSection>

      <ProseSection title="Prices and billing">
        <ul>
          <li>
            The price is per QR code: <Price interval="monthly" /> per code per month, or <Price interval="annual" /> per
            code per year. Each code you keep is one
            seat on your subscription; subscribing buys the first one.
          </li>
          <li>
            Adding a code adds a seat, charged pro rata for the rest of the current period. Deleting a code removes its
            seat and the unused time is credited to your next invoice. Deactivating a code keeps its seat.
          </li>
          <li>Subscriptions renew automatically at the end of each period until you cancel. There are no setup fees.</li>
          <li>Prices may change; we tell you by email at least 30 days before a change applies to your subscription.</li>
        </ul>
      </ProseSection>

      <ProseSection title="Cancelling, failed payments and the end of a subscription">
        <ul>
          <li>
            You can cancel at any time. The cancellation takes effect at the end of the period you have paid for, and you
            can resume the subscription until then. Paid periods are not refunded.
          </li>
          <li>
            If a renewal payment fails, your subscription becomes past due: your codes keep redirecting during the grace
            period while you update your payment method.
          </li>
          <li>
            When a subscription ends (cancelled, or unpaid after the grace period), your codes stop redirecting and
            scanners see "This QR code is not active". Your codes, their images and their analytics are kept: subscribing
            again brings every code back.
          </li>
        </ul>
      </ProseSection>

      <ProseSection title="Acceptable use">
        <p>Codes must not send people to:</p>
        <ul>
          <li>phishing, malware, scams or anything that deceives the person scanning;</li>
          <li>content that is illegal, or that infringes someone else's rights;</li>
          <li>another QR code redirect of ours.</li>
        </ul>
        <p>
          Destinations must be http or https addresses. We may suspend an account that breaks these rules; while an
          account is suspended it cannot sign in and its codes stop redirecting.
        </p>
      </ProseSection>

      <ProseSection title="Availability">
        <p>
          We aim for 99.9% availability of the redirect service and build for it, but we do not guarantee that the service
          is never interrupted, for example during maintenance or outages of providers we depend on.
        </p>
      </ProseSection>

      <ProseSection title="Your content">
        <p>
          Your codes, names, destinations and logos remain yours. You give us the right to store and process them only
          to run the service for you. How we handle personal data is described in the{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </ProseSection>

      <ProseSection title="Liability">
        <p>
          The service is provided as is. To the extent the law allows, our total liability for any claim is limited to
          the amount you paid us in the twelve months before it arose.
        </p>
      </ProseSection>

      <ProseSection title="Changes and contact">
        <p>
          We may update these terms; we tell account holders by email before a material change takes effect. Questions?{' '}
          <Link to={paths.contact}>Contact us</Link>.
        </p>
      </ProseSection>
    </MarketingPage>
  );
}
