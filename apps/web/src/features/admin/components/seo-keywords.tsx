import { Search } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { SITE_DESCRIPTION, SITE_TITLE } from '../../../hooks/use-page-title';
import { AdminCard } from '../../../components/admin-card';

/** Spec: static keywords, meta title and meta description (what index.html serves). */
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
  return (
    <AdminCard id="seo" title="SEO Keywords" icon={<Search className="size-5 text-primary" aria-hidden="true" />}>
      <div className="grid gap-5">
        <ul className="flex flex-wrap gap-2" aria-label="Keywords">
          {KEYWORDS.map((keyword) => (
            <li key={keyword}>
              <Badge variant="secondary">{keyword}</Badge>
            </li>
          ))}
        </ul>
        <dl className="grid gap-4 text-sm">
          <div>
            <dt className="font-medium">Meta title</dt>
            <dd className="mt-1 text-muted-foreground">{SITE_TITLE}</dd>
          </div>
          <div>
            <dt className="font-medium">Meta description</dt>
            <dd className="mt-1 text-muted-foreground">{SITE_DESCRIPTION}</dd>
          </div>
        </dl>
      </div>
    </AdminCard>
  );
}
