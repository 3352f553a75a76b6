import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { MarketingPage, ProseSection } from './marketing-page';

/** What the product really stores and shares (DESIGN.md sections 5 to 7). */
export function PrivacyContent() {
  return (
    <MarketingPage
      title="Privacy Policy"
      intro="We collect what it takes to run your QR codes and bill for them, and nothing more. We never store the IP addresses of the people who scan your codes, and we do not sell data to anyone."
      updated="November 2026"
    >
      <ProseSection title="Your account">
        <p>When you sign up we store:</p>
        <ul>
          <li>your username and email address, and the first and last name you may add on your account page;</li>
          <li>your password, only as an argon2id hash: nobody, including us, can read it back;</li>
          <li>your role, whether your account is active or suspended, and when you joined.</li>
        </ul>
      </ProseSection>

      <ProseSection title="Your QR codes">
        <p>
          For each code: its name, the URL it sends scanners to, its category, its design (colours, style, margin) and
          the centre logo you upload, if any.
        </p>
      </ProseSection>

      <ProseSection title="People who scan your codes">
        <p>
          A scan passes through our redirect address. For your analytics we keep, for each scan: the time, the country,
          region and city looked up from the IP address in a database on our own servers (no outside service is
          asked), the type of device, its operating system and browser (from the browser's user agent), the website
          that linked to the code, the preferred language, and whether it looked like a bot or a link preview.
        </p>
        <p>
          <strong>Raw IP addresses are never stored.</strong> To count unique scanners we store a visitor id: a hash of
          the IP address and user agent mixed with a secret salt that changes every day. Each day's salt is deleted
          after two days, after which nobody, including us, can link a visitor id to an address or to the same person on
          another day.
        </p>
      </ProseSection>

      <ProseSection title="Visits to this website">
        <p>
          We count how often each page of this website is viewed (for example "/pricing" or "/dashboard"), as totals per
          page. These counts carry no cookie, no identifier and no IP address. We use no advertising or third-party
          analytics trackers.
        </p>
      </ProseSection>

      <ProseSection title="Cookies and local storage">
        <ul>
          <li>
            One session cookie keeps you signed in. It is HttpOnly (page scripts cannot read it), and the session ends when
            you log out, after 7 days without activity, or 30 days after sign-in at the latest.
          </li>
          <li>Your light, dark or system theme choice is kept in your browser's local storage under "ui-theme".</li>
        </ul>
      </ProseSection>

      <ProseSection title="Payments and Stripe">
        <p>Payments are handled by Stripe. Stripe receives:</p>
        <ul>
          <li>your email address and our internal id for your account, to create your customer record;</li>
          <li>your subscription: billing period (monthly or annual) and the number of codes you pay for;</li>
          <li>
            the card details you type into the payment form. That form is Stripe's own: card numbers go straight to
            Stripe and never reach our servers.
          </li>
        </ul>
        <p>
          From Stripe we keep your customer and subscription ids, the subscription's status and renewal date, and your
          card's brand and last four digits to show them on your account page. Stripe's payment form may set its own
          cookies to prevent fraud; Stripe processes this data under{' '}
          <a href="https://stripe.com/privacy" target="_blank" rel="noopener noreferrer">
            its privacy policy
          </a>
          .
        </p>
      </ProseSection>

      <ProseSection title="Email">
        <p>
          We email you password reset links and answers to your messages. A message sent through the{' '}
          <Link to={paths.contact}>contact form</Link> (your name, email address and message) reaches us by email.
        </p>
      </ProseSection>

      <ProseSection title="Protection against abuse">
        <p>
          To slow down password guessing and spam we count sign-in, sign-up, password reset and contact attempts per IP
          address in counters that delete themselves within one hour. Our servers' technical logs, used to find faults
          and attacks, are kept for at most 30 days.
        </p>
      </ProseSection>

      <ProseSection title="How long we keep data">
        <ul>
          <li>Account details: as long as your account exists.</li>
          <li>
            Scans: as long as the code exists. Deleting a code deletes its scans; deleting your account deletes all your
            codes and their scans.
          </li>
          <li>Visitor-id salts: two days. Password reset links: stored only as a hash, valid for one hour, usable once.</li>
          <li>Sessions: until logout, 7 days without activity, or 30 days.</li>
          <li>Billing records: as long as tax and accounting law requires.</li>
        </ul>
      </ProseSection>

      <ProseSection title="Your rights">
        <p>
          You can see and correct your details on your account page at any time, and delete your account and everything
          in it there yourself (Account, Security, Delete account): it takes effect at once. You can also download a copy
          of your data yourself at any time (Account, Profile, Your data, Export my data): one ZIP file with your profile,
          billing records, QR codes with their settings and history, and every stored scan, as JSON and CSV. We email you a
          link when it is ready; only you can use it, signed in, and the file is deleted after 7 days. For anything the
          export does not answer, <Link to={paths.contact}>contact us</Link>.
        </p>
      </ProseSection>

      <ProseSection title="Changes">
        <p>
          If we change what we collect, we update this page first and tell account holders by email about any change
          that matters.
        </p>
      </ProseSection>
    </MarketingPage>
  );
}
