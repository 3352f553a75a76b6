import { QR_CATEGORIES } from '@qrd/contracts';
import { LayoutGrid, List, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { CategoryFilter } from '../lib/code-list';
import type { CodeLayout } from './code-card';

interface CodesToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  category: CategoryFilter;
  onCategory: (value: CategoryFilter) => void;
  layout: CodeLayout;
  onLayout: (value: CodeLayout) => void;
}

const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

/** Search, category filter (all, business, event, product, restaurant) and the grid/list switch. */
export function CodesToolbar({ search, onSearch, category, onCategory, layout, onLayout }: CodesToolbarProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Search QR codes..."
          aria-label="Search QR codes"
          className="pl-9"
        />
      </div>
      <select aria-label="Category" value={category} onChange={(event) => onCategory(event.target.value as CategoryFilter)} className={selectClass}>
        <option value="all">All categories</option>
        {QR_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {value.charAt(0).toUpperCase() + value.slice(1)}
          </option>
        ))}
      </select>
      <div role="group" aria-label="Layout" className="flex gap-1">
        <Button variant={layout === 'grid' ? 'default' : 'outline'} size="icon" aria-label="Grid view" aria-pressed={layout === 'grid'} onClick={() => onLayout('grid')}>
          <LayoutGrid aria-hidden="true" />
        </Button>
        <Button variant={layout === 'list' ? 'default' : 'outline'} size="icon" aria-label="List view" aria-pressed={layout === 'list'} onClick={() => onLayout('list')}>
          <List aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
