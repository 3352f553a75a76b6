import type { QrCodeView } from '@qrd/contracts';
import { Plus, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { useCodeActions } from '../hooks/use-code-actions';
import { type CategoryFilter, countLine, filterCodes } from '../lib/code-list';
import { CodeCard, type CodeLayout } from './code-card';
import { CodesToolbar } from './codes-toolbar';
import { DeleteCodeDialog } from './delete-code-dialog';

interface CodesListProps {
  codes: QrCodeView[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The All QR Codes tab: toolbar, count line, the grid (1 to 3 columns by width) or list, empty states. */
export function CodesList({ codes, isLoading, error, onRetry }: CodesListProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [layout, setLayout] = useState<CodeLayout>('grid');
  const [doomed, setDoomed] = useState<QrCodeView | null>(null);
  const actions = useCodeActions();
  const shown = filterCodes(codes ?? [], search, category);
  const filtering = search.trim() !== '' || category !== 'all';

  return (
    <div className="grid gap-4">
      <CodesToolbar search={search} onSearch={setSearch} category={category} onCategory={setCategory} layout={layout} onLayout={setLayout} />
      {isLoading && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading your QR codes...
        </p>
      )}
      {Boolean(error) && (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          Could not load your QR codes.
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {codes && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {countLine(shown.length, codes.length)}
        </p>
      )}
      {codes && shown.length === 0 && (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <QrCode className="size-10 text-muted-foreground" aria-hidden="true" />
          <h3 className="text-lg font-semibold">No QR Codes Found</h3>
          <p className="max-w-md text-sm text-muted-foreground">
            {filtering ? 'No QR codes match your search. Try another word or category.' : 'You have not created a QR code yet. Create your first one to start.'}
          </p>
          {!filtering && (
            <Button asChild>
              <Link to={paths.createQr}>
                <Plus aria-hidden="true" /> Create QR Code
              </Link>
            </Button>
          )}
        </div>
      )}
      {shown.length > 0 && (
        <div className={cn('grid gap-4', layout === 'grid' ? 'grid-cols-1 md:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1')}>
          {shown.map((code) => (
            <CodeCard
              key={code.id}
              code={code}
              layout={layout}
              onDownload={(c, format) => void actions.download(c, format)}
              onToggleActive={(c) => void actions.toggleActive(c)}
              onDelete={setDoomed}
            />
          ))}
        </div>
      )}
      <DeleteCodeDialog
        name={doomed?.name ?? null}
        busy={actions.isDeleting}
        onCancel={() => setDoomed(null)}
        onConfirm={() => doomed && void actions.deleteCode(doomed).then((done) => done && setDoomed(null))}
      />
    </div>
  );
}
