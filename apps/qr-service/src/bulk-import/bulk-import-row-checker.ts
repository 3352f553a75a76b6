import { BULK_IMPORT_MESSAGES, BulkImportCells, DomainError, ErrorCode, FieldErrors, parseTagsCell, slugLookalikeKey } from '@qrd/contracts';
import { CodeRules } from '../codes/code-rules';
import { createRequestOf, domainKey, templateKey } from './bulk-import-rows';

/**
 * Checks a file's rows in file order, like the single create form, one batch at a time: it keeps
 * only what a later row is compared with (the custom short links seen, by their look-alike key),
 * never the rows themselves.
 */
export class BulkImportRowChecker {
  private readonly firstRowOfSlug = new Map<string, number>();
  private templates: Map<string, string> | null = null;
  private domains: Map<string, string> | null = null;

  constructor(
    private readonly rules: CodeRules,
    private readonly userId: string,
  ) {}

  async check(row: number, cells: BulkImportCells): Promise<FieldErrors> {
    const request = createRequestOf(this.userId, cells);
    const domain = domainKey(cells.domain);
    let domainId: string | null = null;
    if (domain) {
      this.domains ??= await this.rules.verifiedDomains(this.userId);
      domainId = this.domains.get(domain) ?? null;
    }
    // On a custom domain a short link is checked in that domain's namespace.
    const errors = await this.rules.fieldProblems(this.userId, {
      name: request.name,
      destinationUrl: cells.destination.trim(),
      ...(request.category !== undefined ? { category: request.category } : {}),
      ...(request.slug !== undefined && domainId === null ? { slug: request.slug } : {}),
    });
    if (domain && domainId === null) errors.domain = BULK_IMPORT_MESSAGES.domainUnknown(cells.domain.trim());
    if (domainId !== null && request.slug !== undefined && !errors.slug) {
      try {
        await this.rules.checkCustomSlug(this.userId, request.slug, domainId);
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.Validation) errors.slug = error.message;
        else throw error;
      }
    }
    const tags = parseTagsCell(cells.tags);
    if (tags.problem) errors.tags = tags.problem;
    const template = cells.template.trim();
    if (template) {
      this.templates ??= await this.rules.templateIdsByName(this.userId);
      if (!this.templates.has(templateKey(template))) errors.template = BULK_IMPORT_MESSAGES.templateUnknown(template);
    }
    if (request.slug !== undefined && !errors.slug) {
      const key = `${domainId ?? ''}|${slugLookalikeKey(request.slug)}`;
      const first = this.firstRowOfSlug.get(key);
      if (first !== undefined && first !== row) errors.slug = BULK_IMPORT_MESSAGES.slugRepeated(first);
      else this.firstRowOfSlug.set(key, row);
    }
    return errors;
  }
}
