import type { SocialLinkView } from '@qrd/contracts';
import { Facebook, Github, Instagram, Linkedin, Twitter, Youtube, type LucideIcon } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import { paths, sectionHref } from '../../lib/paths';
import { useSiteConfig } from '../../lib/site-config';
import { Brand, BRAND_NAME } from './brand';

const messages = defineMessages({
  product: { id: 'site.footer.product', defaultMessage: 'Product' },
  company: { id: 'site.footer.company', defaultMessage: 'Company' },
  legal: { id: 'site.footer.legal', defaultMessage: 'Legal' },
  features: { id: 'site.footer.features', defaultMessage: 'Features' },
  pricing: { id: 'site.footer.pricing', defaultMessage: 'Pricing' },
  faq: { id: 'site.footer.faq', defaultMessage: 'FAQ' },
  about: { id: 'site.footer.about', defaultMessage: 'About' },
  contact: { id: 'site.footer.contact', defaultMessage: 'Contact' },
  privacy: { id: 'site.footer.privacy', defaultMessage: 'Privacy Policy' },
  terms: { id: 'site.footer.terms', defaultMessage: 'Terms of Service' },
  report: { id: 'site.footer.report', defaultMessage: 'Report a QR code' },
  followUs: { id: 'site.footer.followUs', defaultMessage: 'Follow us' },
});

const COLUMNS = [
  {
    key: 'product',
    title: messages.product,
    links: [
      { label: messages.features, to: sectionHref('features') },
      { label: messages.pricing, to: sectionHref('pricing') },
      { label: messages.faq, to: sectionHref('faq') },
    ],
  },
  {
    key: 'company',
    title: messages.company,
    links: [
      { label: messages.about, to: paths.about },
      { label: messages.contact, to: paths.contact },
    ],
  },
  {
    key: 'legal',
    title: messages.legal,
    links: [
      { label: messages.privacy, to: paths.privacy },
      { label: messages.terms, to: paths.terms },
      { label: messages.report, to: paths.report },
    ],
  },
] as const;

// The networks' own names (brands), the same in every language.
const NETWORKS: Record<SocialLinkView['network'], { label: string; Icon: LucideIcon }> = {
  x: { label: 'X (Twitter)', Icon: Twitter },
  facebook: { label: 'Facebook', Icon: Facebook },
  linkedin: { label: 'LinkedIn', Icon: Linkedin },
  instagram: { label: 'Instagram', Icon: Instagram },
  youtube: { label: 'YouTube', Icon: Youtube },
  github: { label: 'GitHub', Icon: Github },
};

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The site's own profiles as the server is configured (SOCIAL_LINKS); nothing when none are set. */
function SocialLinks({ links }: { links: SocialLinkView[] }) {
  const intl = useIntl();
  if (links.length === 0) return null;
  return (
    <ul className="mt-4 flex gap-2" aria-label={intl.formatMessage(messages.followUs)}>
      {links.map(({ network, url }) => {
        const { label, Icon } = NETWORKS[network];
        return (
          <li key={network}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              className="flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Icon className="size-4" aria-hidden="true" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function Footer() {
  const intl = useIntl();
  const year = intl.formatDate(new Date(), { year: 'numeric' });
  const { data: config } = useSiteConfig();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-5 lg:px-8">
        <div className="md:col-span-2">
          <Link to={paths.home} className="inline-block rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <Brand />
          </Link>
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            <FormattedMessage
              id="site.footer.tagline"
              defaultMessage="The Cheapest Dynamic QR Codes Online. Change where your printed codes point, any time."
            />
          </p>
          <SocialLinks links={config?.socialLinks ?? []} />
        </div>
        {COLUMNS.map((column) => {
          const title = intl.formatMessage(column.title);
          return (
            <nav key={column.key} aria-label={title}>
              <h2 className="text-sm font-semibold">{title}</h2>
              <ul className="mt-3 grid gap-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClass}>
                      {intl.formatMessage(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-6 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p className="text-center text-sm text-muted-foreground sm:text-start">
            <FormattedMessage
              id="site.footer.copyright"
              defaultMessage="© {year} {brand}. All rights reserved."
              values={{ year, brand: BRAND_NAME }}
            />
          </p>
          <LanguageSwitcher className="shrink-0" />
        </div>
      </div>
    </footer>
  );
}
