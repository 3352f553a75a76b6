import type { QrCodeView } from '@qrd/contracts';
import { defaultRangeExtractor, measureElement, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { type FocusEvent, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { cn } from '../../../lib/utils';
import { CODE_PAGE_SIZE } from '../api/qr-codes';
import type { CodeLayout } from './code-card';

/** Rows' first guess before they are measured: a grid card (24rem) or a list card (7rem), and the 1rem gap. */
const ESTIMATED_ROW = { grid: 400, list: 128 } as const;

interface CodeGridProps {
  codes: QrCodeView[];
  layout: CodeLayout;
  renderCard: (code: QrCodeView) => ReactNode;
  className?: string;
  busy?: boolean;
}

/** Cards a row holds: the grid has 1, 2 or 3 columns by width (Tailwind's md and lg), the list 1. */
function useColumns(layout: CodeLayout): number {
  const md = useMediaQuery('(min-width: 768px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  if (layout === 'list') return 1;
  return lg ? 3 : md ? 2 : 1;
}

/**
 * The dashboard's cards. Up to a page of them is rendered in full (find-in-page keeps working);
 * past that only the rows near the screen are, so an account with thousands of codes scrolls as
 * smoothly as one with ten.
 */
export function CodeGrid(props: CodeGridProps) {
  const columns = useColumns(props.layout);
  if (props.codes.length <= CODE_PAGE_SIZE) {
    return (
      <div
        className={cn('grid gap-4', props.className)}
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        aria-busy={props.busy}
      >
        {props.codes.map(props.renderCard)}
      </div>
    );
  }
  return <VirtualRows {...props} columns={columns} />;
}

function VirtualRows({ codes, layout, renderCard, className, busy, columns }: CodeGridProps & { columns: number }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The row holding keyboard focus stays rendered when scrolled away, so focus is never lost, and so
  // do its neighbours: Tab and Shift+Tab always find the next card, however far a (smooth) scroll lags.
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const rowCount = Math.ceil(codes.length / columns);
  const estimate = ESTIMATED_ROW[layout];

  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    setScrollMargin((current) => (current === top ? current : top));
  }, [codes.length, columns, layout]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      if (focusedRow === null) return rows;
      const near = [focusedRow - 1, focusedRow, focusedRow + 1].filter((row) => row >= 0 && row < range.count && !rows.includes(row));
      return near.length ? [...rows, ...near].sort((a, b) => a - b) : rows;
    },
    [focusedRow],
  );

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimate,
    overscan: 3,
    scrollMargin,
    getItemKey: (row) => `${columns}:${codes[row * columns]?.id ?? row}`,
    // An element not laid out (yet) measures 0: keep the estimate rather than stacking rows.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimate,
    rangeExtractor,
  });

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (row) setFocusedRow(Number(row.dataset.index));
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedRow(null);
  };

  return (
    <div
      ref={listRef}
      className={cn('relative', className)}
      style={{ height: virtualizer.getTotalSize() }}
      aria-busy={busy}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute inset-x-0 top-0 grid gap-4 pb-4"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, transform: `translateY(${row.start - scrollMargin}px)` }}
        >
          {codes.slice(row.index * columns, (row.index + 1) * columns).map(renderCard)}
        </div>
      ))}
    </div>
  );
}
