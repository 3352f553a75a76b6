import { Search } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../../components/ui/badge';
import { SITE_DESCRIPTION, SITE_TITLE } from '../../../hooks/use-page-title';
import { AdminCard } from '../../../components/admin-card';

/** Spec: static keywords, meta title and meta description (what index.html serves: shown as they are, not translated). */
const KEYWORDS = [
  'dynamic QR code',
  'QR code generator',
  'editable QR code',
  'QR code analytics',
  'QR code tracking',
  'cheap QR codes',
  'QR code for menus',
  'QR code for business cards',
  'custom QR code design',
  'QR code SVG PDF download',
] as const;

export function SeoKeywords() {
  const intl = useIntl();
  return (
    <AdminCard id="seo" title={intl.formatMessage({ id: 'analytics.admin.seo.title', defaultMessage: 'SEO Keywords' })} icon={<Search className="size-5 text-primary" aria-hidden="true" />}>
      <div className="grid gap-5">
        <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'analytics.admin.seo.keywords', defaultMessage: 'Keywords' })}>
          {KEYWORDS.map((keyword) => (
            <li key={keyword} lang="en">
              <Badge variant="secondary">{keyword}</Badge>
            </li>
          ))}
        </ul>
        <dl className="grid gap-4 text-sm">
          <div>
            <dt className="font-medium">
              <FormattedMessage id="analytics.admin.seo.metaTitle" defaultMessage="Meta title" />
            </dt>
            <dd className="mt-1 text-muted-foreground" lang="en">
              {SITE_TITLE}
            </dd>
          </div>
          <div>
            <dt className="font-medium">
              <FormattedMessage id="analytics.admin.seo.metaDescription" defaultMessage="Meta description" />
            </dt>
            <dd className="mt-1 text-muted-foreground" lang="en">
              {SITE_DESCRIPTION}
            </dd>
          </div>
        </dl>
      </div>
    </AdminCard>
  );
}
