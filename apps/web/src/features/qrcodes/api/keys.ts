import type { ActivityKind, QrDesignInput } from '@qrd/contracts';
import type { CodeListFilters } from '../lib/code-list';

/**
 * Every cached answer about codes, by one factory: a code's detail and previews live under
 * its id, so removing `codeKeys.code(id)` forgets everything about that code.
 */
export const codeKeys = {
  all: ['qrcodes'] as const,
  lists: () => [...codeKeys.all, 'list'] as const,
  count: () => [...codeKeys.lists(), 'count'] as const,
  /** The dashboard's pages, for every search, sort and filter. */
  allPages: () => [...codeKeys.lists(), 'pages'] as const,
  /** The dashboard's pages for one search, sort and filter (under lists: a change refreshes them too). */
  pages: (filters: CodeListFilters) => [...codeKeys.allPages(), filters] as const,
  /** The codes the Recent Activity filter offers (under lists: a new or renamed code refreshes them). */
  activityCodeChoices: () => [...codeKeys.lists(), 'activity-choices'] as const,
  code: (id: string) => [...codeKeys.all, id] as const,
  detail: (id: string) => [...codeKeys.code(id), 'detail'] as const,
  previews: (id: string) => [...codeKeys.code(id), 'preview'] as const,
  /** One code's changes, page after page. */
  history: (id: string) => [...codeKeys.code(id), 'history'] as const,
  /** The account's changes (Recent Activity), for every filter. */
  activities: () => [...codeKeys.all, 'activity'] as const,
  activity: (filters: { codeId: string | null; kind: ActivityKind | null }) => [...codeKeys.activities(), filters] as const,
  /** Whether a custom short link is free (asked as the owner types). */
  slugAvailability: (slug: string, domainId = '') => [...codeKeys.all, 'slug-availability', slug, domainId] as const,
  proposedPreview: (id: string, design: QrDesignInput | null) => [...codeKeys.previews(id), 'proposed', design] as const,
};

/** Folders and tags of the codes (under codeKeys.all: refreshed with the codes). */
export const organiseKeys = {
  folders: () => [...codeKeys.all, 'folders'] as const,
  tags: () => [...codeKeys.all, 'tags'] as const,
};

/** One bulk import's preview and progress. */
export const bulkImportKeys = {
  one: (id: string) => ['bulk-imports', id] as const,
};

/** The account's saved designs. */
export const designTemplateKeys = {
  all: ['design-templates'] as const,
};
