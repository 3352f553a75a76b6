import type { QrCodeView } from '@qrd/contracts';
import { Plus, QrCode } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/auth';
import { cn } from '../../../lib/utils';
import { useCodePages } from '../api/qr-codes';
import { useCodeActions } from '../hooks/use-code-actions';
import { useWhenVisible } from '../hooks/use-when-visible';
import { type CodeListFilters, countLine, DEFAULT_FILTERS, isFiltering } from '../lib/code-list';
import { CodeCard, type CodeLayout } from './code-card';
import { CodeGrid } from './code-grid';
import { CodesToolbar } from './codes-toolbar';
import { DeleteCodeDialog } from './delete-code-dialog';
import { SelectionBar } from './selection-bar';

/** The server is asked once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The All QR Codes tab: search, sort and filters answered by the server a page at a time, more
 * pages on scrolling near the end (or with "Load more"), the grid (1 to 3 columns by width) or list,
 * virtualised once longer than a page.
 */
export function CodesList() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [choices, setChoices] = useState<Omit<CodeListFilters, 'q'>>(DEFAULT_FILTERS);
  const filters = useMemo(() => ({ ...choices, q }), [choices, q]);
  const [layout, setLayout] = useState<CodeLayout>('grid');
  const [doomed, setDoomed] = useState<QrCodeView | null>(null);
  const actions = useCodeActions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  // Another search or filter starts a new selection: an action never reaches codes no longer shown.
  useEffect(() => setSelected(new Set()), [filters]);
  const onSelect = useCallback((code: QrCodeView, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(code.id);
      else next.delete(code.id);
      return next;
    });
  }, []);

  const pages = useCodePages(filters);
  const codes = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const canLoadMore = pages.hasNextPage && !pages.isFetchingNextPage && !pages.isFetchNextPageError;
  const loadMore = () => void pages.fetchNextPage();
  const sentinel = useWhenVisible<HTMLDivElement>(loadMore, canLoadMore && !pages.isPlaceholderData, codes.length);
  const filtering = isFiltering(filters);

  return (
    <div className="grid gap-4">
      <CodesToolbar
        search={search}
        onSearch={setSearch}
        filters={filters}
        onFilters={(changes) => setChoices((current) => ({ ...current, ...changes }))}
        layout={layout}
        onLayout={setLayout}
      />
      {selected.size > 0 && (
        <SelectionBar
          selected={[...selected]}
          loaded={codes.length}
          onSelectAll={() => setSelected(new Set(codes.map((code) => code.id)))}
          onClear={() => setSelected(new Set())}
        />
      )}
      {pages.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> <FormattedMessage id="codesList.list.loading" defaultMessage="Loading your QR codes..." />
        </p>
      )}
      {pages.isError && !pages.data && (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          <FormattedMessage id="codesList.list.loadError" defaultMessage="Could not load your QR codes." />
          <Button variant="outline" size="sm" onClick={() => void pages.refetch()}>
            <FormattedMessage id="codesList.list.retry" defaultMessage="Try again" />
          </Button>
        </div>
      )}
      {pages.data && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          {countLine(intl, codes.length, total)}
          {pages.isPlaceholderData && (
            <span role="status" className="flex items-center gap-1">
              <Spinner /> <FormattedMessage id="codesList.list.searching" defaultMessage="Searching..." />
            </span>
          )}
        </p>
      )}
      {pages.data && codes.length === 0 && !pages.isPlaceholderData && <EmptyCodes filtering={filtering} />}
      {codes.length > 0 && (
        <CodeGrid
          codes={codes}
          layout={layout}
          className={cn(pages.isPlaceholderData && 'opacity-60')}
          busy={pages.isFetching}
          renderCard={(code) => (
            <CodeCard
              key={code.id}
              code={code}
              layout={layout}
              onDownload={(c, format) => void actions.download(c, format)}
              onToggleActive={(c) => void actions.toggleActive(c)}
              onDelete={setDoomed}
              selected={selected.has(code.id)}
              onSelect={onSelect}
            />
          )}
        />
      )}
      {pages.isFetchNextPageError && (
        <div role="alert" className="flex items-center justify-center gap-3 text-sm text-destructive">
          <FormattedMessage id="codesList.list.loadMoreError" defaultMessage="Could not load more QR codes." />
          <Button variant="outline" size="sm" onClick={loadMore}>
            <FormattedMessage id="codesList.list.retry" defaultMessage="Try again" />
          </Button>
        </div>
      )}
      {pages.hasNextPage && !pages.isFetchNextPageError && (
        <div ref={sentinel} className="flex justify-center">
          <Button variant="outline" onClick={loadMore} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? (
              <>
                <Spinner /> <FormattedMessage id="codesList.list.loadingMore" defaultMessage="Loading more..." />
              </>
            ) : (
              <FormattedMessage id="codesList.list.loadMore" defaultMessage="Load more" />
            )}
          </Button>
        </div>
      )}
      <DeleteCodeDialog
        name={doomed?.name ?? null}
        busy={actions.isDeleting}
        onCancel={() => setDoomed(null)}
        onConfirm={() =>
          doomed &&
          void actions.deleteCode(doomed).then((done) => {
            if (!done) return;
            onSelect(doomed, false);
            setDoomed(null);
          })
        }
      />
    </div>
  );
}

/** Spec: 'No QR Codes Found', with a search-specific or a first-time message. */
function EmptyCodes({ filtering }: { filtering: boolean }) {
  const canCreate = useCan('codes.write');
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <QrCode className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="text-lg font-semibold">
        <FormattedMessage id="codesList.empty.title" defaultMessage="No QR Codes Found" />
      </h3>
      <p className="max-w-md text-sm text-muted-foreground">
        {filtering ? (
          <FormattedMessage id="codesList.empty.noMatch" defaultMessage="No QR codes match your search. Try another word, category, tag or folder." />
        ) : (
          <FormattedMessage id="codesList.empty.firstTime" defaultMessage="You have not created a QR code yet. Create your first one to start." />
        )}
      </p>
      {!filtering && canCreate && (
        <Button asChild>
          <Link to={paths.createQr}>
            <Plus aria-hidden="true" /> <FormattedMessage id="codesList.empty.create" defaultMessage="Create QR Code" />
          </Link>
        </Button>
      )}
    </div>
  );
}
