import { CODE_SEARCH_MAX_LENGTH, QR_CATEGORIES } from '@qrd/contracts';
import { FolderCog, LayoutGrid, List, Search } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useFolders, useTags } from '../api/organise';
import { type CategoryFilter, categoryLabel, type CodeListFilters, SORT_CHOICES, STATE_FILTER_CHOICES, type StateFilter } from '../lib/code-list';
import { FoldersDialog } from './folders-dialog';
import type { CodeLayout } from './code-card';
import { useCodesShown } from '../hooks/use-codes-shown';

interface CodesToolbarProps {
  /** What the search box shows (the server is asked once typing pauses). */
  search: string;
  onSearch: (value: string) => void;
  filters: CodeListFilters;
  onFilters: (changes: Partial<CodeListFilters>) => void;
  layout: CodeLayout;
  onLayout: (value: CodeLayout) => void;
}

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none sm:w-auto';

/** Search, sort, state, category, tag and folder filters (all on the server) and the grid/list switch. */
export function CodesToolbar({ search, onSearch, filters, onFilters, layout, onLayout }: CodesToolbarProps) {
  const intl = useIntl();
  // The filters' options are asked for once the first codes are shown, not before them.
  const shown = useCodesShown();
  const tags = useTags(shown);
  const folders = useFolders(shown);
  const [managing, setManaging] = useState(false);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          maxLength={CODE_SEARCH_MAX_LENGTH}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={intl.formatMessage({ id: 'codesList.toolbar.searchPlaceholder', defaultMessage: 'Search QR codes...' })}
          aria-label={intl.formatMessage({ id: 'codesList.toolbar.search', defaultMessage: 'Search QR codes' })}
          className="ps-9"
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <select
          aria-label={intl.formatMessage({ id: 'codesList.toolbar.sortBy', defaultMessage: 'Sort by' })}
          value={`${filters.sort}:${filters.order}`}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(':') as [CodeListFilters['sort'], CodeListFilters['order']];
            onFilters({ sort, order });
          }}
          className={`${selectClass} col-span-2`}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {intl.formatMessage(choice.label)}
            </option>
          ))}
        </select>
        <select
          aria-label={intl.formatMessage({ id: 'codesList.toolbar.state', defaultMessage: 'State' })}
          value={filters.state}
          onChange={(event) => onFilters({ state: event.target.value as StateFilter })}
          className={selectClass}
        >
          <option value="all">{intl.formatMessage({ id: 'codesList.toolbar.allStates', defaultMessage: 'All states' })}</option>
          {STATE_FILTER_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {intl.formatMessage(choice.label)}
            </option>
          ))}
        </select>
        <select
          aria-label={intl.formatMessage({ id: 'codesList.toolbar.category', defaultMessage: 'Category' })}
          value={filters.category}
          onChange={(event) => onFilters({ category: event.target.value as CategoryFilter })}
          className={selectClass}
        >
          <option value="all">{intl.formatMessage({ id: 'codesList.toolbar.allCategories', defaultMessage: 'All categories' })}</option>
          {QR_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {categoryLabel(intl, value)}
            </option>
          ))}
        </select>
        <select
          aria-label={intl.formatMessage({ id: 'codesList.toolbar.tag', defaultMessage: 'Tag' })}
          value={filters.tag}
          onChange={(event) => onFilters({ tag: event.target.value })}
          className={selectClass}
        >
          <option value="all">{intl.formatMessage({ id: 'codesList.toolbar.allTags', defaultMessage: 'All tags' })}</option>
          {filters.tag !== 'all' && !tags.data?.some((t) => t.tag === filters.tag) && <option value={filters.tag}>{filters.tag}</option>}
          {tags.data?.map((t) => (
            <option key={t.tag} value={t.tag}>
              {intl.formatMessage({ id: 'codesList.toolbar.tagOption', defaultMessage: '{tag} ({count, number})' }, { tag: t.tag, count: t.codes })}
            </option>
          ))}
        </select>
        <div className="flex gap-1">
          <select
            aria-label={intl.formatMessage({ id: 'codesList.toolbar.folder', defaultMessage: 'Folder' })}
            value={filters.folder}
            onChange={(event) => onFilters({ folder: event.target.value })}
            className={selectClass}
          >
            <option value="all">{intl.formatMessage({ id: 'codesList.toolbar.allFolders', defaultMessage: 'All folders' })}</option>
            <option value="none">{intl.formatMessage({ id: 'codesList.toolbar.noFolder', defaultMessage: 'No folder' })}</option>
            {folders.data?.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
          <Button variant="outline" size="icon" aria-label={intl.formatMessage({ id: 'codesList.toolbar.manageFolders', defaultMessage: 'Manage folders' })} onClick={() => setManaging(true)}>
            <FolderCog aria-hidden="true" />
          </Button>
        </div>
        <div role="group" aria-label={intl.formatMessage({ id: 'codesList.toolbar.layout', defaultMessage: 'Layout' })} className="col-span-2 flex gap-1 sm:col-span-1">
          <Button variant={layout === 'grid' ? 'default' : 'outline'} size="icon" aria-label={intl.formatMessage({ id: 'codesList.toolbar.gridView', defaultMessage: 'Grid view' })} aria-pressed={layout === 'grid'} onClick={() => onLayout('grid')}>
            <LayoutGrid aria-hidden="true" />
          </Button>
          <Button variant={layout === 'list' ? 'default' : 'outline'} size="icon" aria-label={intl.formatMessage({ id: 'codesList.toolbar.listView', defaultMessage: 'List view' })} aria-pressed={layout === 'list'} onClick={() => onLayout('list')}>
            <List aria-hidden="true" />
          </Button>
        </div>
      </div>
      <FoldersDialog open={managing} onClose={() => setManaging(false)} />
    </div>
  );
}
