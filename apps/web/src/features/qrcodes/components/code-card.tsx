import type { QrCodeView, QrImageFormat } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { formatDate, truncate } from '../lib/code-list';
import { destinationText } from '../lib/destination-text';
import { CodeActionsMenu } from './code-actions-menu';
import { CodeStateBadges } from './code-state-badges';
import { CodeThumbnail } from './code-thumbnail';

export type CodeLayout = 'grid' | 'list';

interface CodeCardProps {
  code: QrCodeView;
  layout: CodeLayout;
  onDownload: (code: QrCodeView, format: QrImageFormat) => void;
  onToggleActive: (code: QrCodeView) => void;
  onDelete: (code: QrCodeView) => void;
  /** In a selection for bulk actions (the checkbox shows only with onSelect). */
  selected?: boolean;
  onSelect?: (code: QrCodeView, selected: boolean) => void;
}

/** One code on the dashboard: its image, name, state, destination, scans and the actions. */
export function CodeCard({ code, layout, onDownload, onToggleActive, onDelete, selected = false, onSelect }: CodeCardProps) {
  const intl = useIntl();
  const list = layout === 'list';
  const destination = destinationText(intl, code);
  return (
    <Card
      className={cn(
        // The browser skips layout and paint of cards far off screen: long lists stay smooth.
        'flex [content-visibility:auto]',
        list ? 'flex-row items-center gap-4 p-4 [contain-intrinsic-size:auto_7rem]' : 'relative flex-col [contain-intrinsic-size:auto_24rem]',
        selected && 'ring-2 ring-primary',
      )}
      aria-label={code.name}
      role="article"
    >
      {onSelect && (
        <input
          type="checkbox"
          className={cn('size-5 shrink-0 accent-primary', !list && 'absolute start-3 top-3')}
          checked={selected}
          onChange={(event) => onSelect(code, event.target.checked)}
          aria-label={intl.formatMessage({ id: 'codesList.card.select', defaultMessage: 'Select {name}' }, { name: code.name })}
        />
      )}
      <Link to={paths.editQr(code.id)} className={cn('shrink-0', list ? 'w-20' : 'px-6 pt-6')} aria-label={intl.formatMessage({ id: 'codesList.card.editLink', defaultMessage: 'Edit {name}' }, { name: code.name })}>
        <CodeThumbnail code={code} className={list ? undefined : 'mx-auto max-w-48'} />
      </Link>
      <div className="min-w-0 flex-1">
        <CardHeader className={cn('flex flex-row items-start justify-between gap-2 space-y-0', list && 'p-0')}>
          <div className="grid min-w-0 gap-1.5">
            <CardTitle as="h3" className="truncate text-base">
              {code.name}
            </CardTitle>
            <CodeStateBadges code={code} />
          </div>
          <CodeActionsMenu
            code={code}
            onDownload={(format) => onDownload(code, format)}
            onToggleActive={() => onToggleActive(code)}
            onDelete={() => onDelete(code)}
          />
        </CardHeader>
        <CardContent className={cn('grid gap-1 text-sm', list ? 'p-0 pt-2' : 'pt-0')}>
          <a href={code.destinationUrl} target="_blank" rel="noreferrer" className="truncate text-muted-foreground hover:underline" title={destination}>
            {truncate(destination)}
          </a>
          {code.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1" aria-label={intl.formatMessage({ id: 'codesList.card.tags', defaultMessage: 'Tags' })}>
              {code.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">
            {code.lastScanAt ? (
              <FormattedMessage
                id="codesList.card.statsScanned"
                defaultMessage="{scans, plural, one {# scan} other {# scans}} · Last scan {lastScan} · Created {created}"
                values={{ scans: code.totalScans, lastScan: formatDate(intl, code.lastScanAt), created: formatDate(intl, code.createdAt) }}
              />
            ) : (
              <FormattedMessage
                id="codesList.card.statsNeverScanned"
                defaultMessage="{scans, plural, one {# scan} other {# scans}} · Never scanned · Created {created}"
                values={{ scans: code.totalScans, created: formatDate(intl, code.createdAt) }}
              />
            )}
          </p>
        </CardContent>
      </div>
      {!list && (
        <CardFooter className="mt-auto gap-2">
          <Button asChild variant="outline" size="sm" className="flex-1">
            <Link to={paths.editQr(code.id)}>
              <FormattedMessage id="codesList.card.edit" defaultMessage="Edit" />
            </Link>
          </Button>
          <Button asChild size="sm" className="flex-1">
            <Link to={paths.editQr(code.id)}>
              <FormattedMessage id="codesList.card.viewDetails" defaultMessage="View details" />
            </Link>
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
