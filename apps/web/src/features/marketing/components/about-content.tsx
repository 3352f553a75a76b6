import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { Price } from '../../../components/price';
import { MarketingPage, ProseSection } from './marketing-page';

export function AboutContent() {
  return (
    <MarketingPage
      title="About QR Dynamic"
      intro="We make dynamic QR codes simple and cheap: print a code once, change where it points whenever you need to, and see how it is used."
    >
      <ProseSection title="Why we built it">
        <p>
          Printed QR codes outlive the pages they point to. Menus change, events move, campaigns end, and a reprint costs
          far more than a code should. A dynamic code fixes that: it sends scanners through our short redirect address to
          whatever URL you choose today, and you can change that URL tomorrow without touching the print.
        </p>
      </ProseSection>

      <ProseSection title="What you get">
        <ul>
          <li>One plan with every feature, priced per code: <Price interval="monthly" /> per code per month or{' '}
            <Price interval="annual" /> per code per year.</li>
          <li>Destinations you can change at any time, from the dashboard.</li>
          <li>Real scan analytics: scans and unique scanners, places, devices and time, with bots counted apart.</li>
          <li>Downloads in PNG, SVG and vector PDF, in your colours, with your logo.</li>
        </ul>
      </ProseSection>

      <ProseSection title="How we work">
        <ul>
          <li>
            <strong>Fast redirects.</strong> Scans are answered before anything else happens, from memory, so a scan feels
            instant; the analytics are recorded afterwards.
          </li>
          <li>
            <strong>Privacy by design.</strong> We never store scanners' IP addresses; unique visitors are counted with
            ids that cannot be traced back. Read the <Link to={paths.privacy}>Privacy Policy</Link>.
          </li>
          <li>
            <strong>Honest billing.</strong> No setup fees, no contract, cancel any time. Our{' '}
            <Link to={paths.terms}>Terms of Service</Link> say exactly what happens when a subscription ends.
          </li>
        </ul>
      </ProseSection>

      <ProseSection title="Talk to us">
        <p>Questions, ideas or a problem with a code? We read every message.</p>
        <div>
          <Button asChild>
            <Link to={paths.contact}>Contact us</Link>
          </Button>
        </div>
      </ProseSection>
    </MarketingPage>
  );
}
