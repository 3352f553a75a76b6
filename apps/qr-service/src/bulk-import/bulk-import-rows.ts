import { domainToASCII } from 'node:url';
import { BulkImportCells, normaliseTags, parseTagsCell, QrCategory, QrPattern, QrRequests } from '@qrd/contracts';
import { QrDesign } from '../rendering';
import { BatchCode } from './code-batch-creator';

type CreateRequest = QrRequests[QrPattern.CreateCode]['req'];

/** The fields a row gives the single create's checks, built from the row's cells. */
export function createRequestOf(userId: string, cells: BulkImportCells): CreateRequest {
  const category = cells.category.trim().toLowerCase();
  const slug = cells.slug.trim();
  return {
    userId,
    name: cells.name,
    destinationUrl: cells.destination.trim(),
    ...(category ? { category: category as QrCategory } : {}),
    ...(slug ? { slug } : {}),
  };
}

/** How a domain named in a row is looked up among the workspace's (punycode, lower case, no final dot); '' for none. */
export function domainKey(cell: string | undefined): string {
  const typed = (cell ?? '').trim().toLowerCase().replace(/\.$/, '');
  return typed === '' ? '' : domainToASCII(typed) || typed;
}

/** How a template named in a row is looked up among the account's (as their unique index compares names). */
export function templateKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A checked row as the code it becomes: stored as the single create stores it (trimmed name, normalised address and tags). */
export function batchCodeOf(row: number, cells: BulkImportCells, design: QrDesign, domainId: string | null): BatchCode {
  const request = createRequestOf('', cells);
  return {
    row,
    name: request.name.trim(),
    destination: new URL(cells.destination.trim()).href,
    category: request.category ?? null,
    tags: normaliseTags(parseTagsCell(cells.tags).tags),
    slug: request.slug ?? null,
    domainId,
    design,
  };
}
