import type { SocialLinkView } from '@qrd/contracts';
import { Facebook, Github, Instagram, Linkedin, Twitter, Youtube, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths, sectionHref } from '../../lib/paths';
import { useSiteConfig } from '../../lib/site-config';
import { Brand, BRAND_NAME } from './brand';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: sectionHref('features') },
      { label: 'Pricing', to: sectionHref('pricing') },
      { label: 'FAQ', to: sectionHref('faq') },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Report a QR code', to: paths.report },
    ],
  },
] as const;

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
  if (links.length === 0) return null;
  return (
    <ul className="mt-4 flex gap-2" aria-label="Follow us">
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
  const year = new Date().getFullYear();
  const { data: config } = useSiteConfig();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-5 lg:px-8">
        <div className="md:col-span-2">
          <Link to={paths.home} className="inline-block rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <Brand />
          </Link>
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            The Cheapest Dynamic QR Codes Online. Change where your printed codes point, any time.
          </p>
          <SocialLinks links={config?.socialLinks ?? []} />
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 grid gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6 lg:px-8">
          © {year} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
