import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import {
  ABUSE_MESSAGES,
  CampaignSettings,
  campaignChangeProblems,
  CodeContent,
  codeNameProblem,
  CONTENT_MESSAGES,
  CreateQrCodeDto,
  customSlugProblem,
  DESIGN_TEMPLATE_MESSAGES,
  DOMAIN_MESSAGES,
  destinationProblem,
  DomainError,
  ErrorCode,
  FieldErrors,
  ORGANISE_MESSAGES,
  publicPagePath,
  QR_MESSAGES,
  SLUG_MESSAGES,
  slugLookalikeKey,
  SlugAvailability,
  StoredContent,
  validateDto,
} from '@qrd/contracts';
import { EntityManager } from 'typeorm';
import { QrDesign, validateDesign } from '../rendering';
import { storedDesign } from './code.record';
import { invalid } from './code-errors';
import { BlockedDestinations, CodeContentFiles } from './code-ports';
import { CodeDomainsRepository } from './code-domains.repository';
import { CodesRepository } from './codes.repository';
import { CodesService } from './codes.service';
import { destinationRefusal } from './destination-policy';

/**
 * What a code's fields must satisfy before a creation or a change: the contract's rules and what
 * only the server knows (the destination policy and the blocklist, free custom short links,
 * campaign settings against now, the owner's folders and design templates, a content's links).
 */
@Injectable()
export class CodeRules {
  constructor(
    private readonly codes: CodesRepository,
    private readonly domains: CodeDomainsRepository,
    private readonly reads: CodesService,
    private readonly blocklist: BlockedDestinations,
    private readonly content: CodeContentFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * What the create form would say of these fields, every field at once (a bulk import's row):
   * the contract's rules and messages, then what only the server knows (the destination policy,
   * whether a custom short link is free). Empty when the code can be created.
   */
  async fieldProblems(userId: string, fields: { name: string; destinationUrl: string; category?: string; slug?: string }): Promise<FieldErrors> {
    const errors = await validateDto(CreateQrCodeDto, fields);
    const serverChecks: [string, () => unknown][] = [
      ['name', () => this.checkName(fields.name)],
      ['destinationUrl', () => this.checkDestination(fields.destinationUrl)],
      ['slug', () => (fields.slug === undefined ? undefined : this.checkCustomSlug(userId, fields.slug))],
    ];
    for (const [field, check] of serverChecks) {
      if (errors[field]) continue;
      try {
        await check();
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.Validation) errors[field] = error.message;
        else throw error;
      }
    }
    return errors;
  }

  /** A saved template's design, checked again (it may predate today's rules); another owner's is not found. */
  async templateDesign(userId: string, templateId: string, field = 'designTemplateId'): Promise<QrDesign> {
    const stored = typeof templateId === 'string' ? await this.codes.templateDesign(userId, templateId) : null;
    if (stored === null) throw invalid(field, DESIGN_TEMPLATE_MESSAGES.notFound);
    const checked = validateDesign(storedDesign(stored));
    if ('errors' in checked) throw invalid(field, checked.errors[0]);
    return checked.design;
  }

  /** The owner's design templates by name as a person types it (trimmed, any case): name -> id. */
  templateIdsByName(userId: string): Promise<Map<string, string>> {
    return this.codes.templateIdsByName(userId);
  }

  /** As the owner types a custom slug: whether creating the code with it (on that domain) would succeed now. */
  async slugAvailability(userId: string, slug: string, domainId: string | null = null): Promise<SlugAvailability> {
    try {
      const domain = domainId ? await this.requireVerifiedDomain(userId, domainId) : null;
      await this.checkCustomSlug(userId, slug, domain);
      return { slug, available: true };
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Validation) return { slug, available: false, reason: error.message };
      throw error;
    }
  }

  async checkCustomSlug(userId: string, slug: string, domainId: string | null = null): Promise<void> {
    const problem = customSlugProblem(slug);
    if (problem) throw invalid('slug', problem);
    const clash = await this.codes.slugClash(slug, slugLookalikeKey(slug), userId, domainId);
    if (clash) throw invalid('slug', clash === 'taken' ? SLUG_MESSAGES.taken : SLUG_MESSAGES.confusable);
  }

  /** The workspace's verified custom domains, hostname (punycode) -> id. */
  verifiedDomains(userId: string): Promise<Map<string, string>> {
    return this.domains.verifiedDomains(userId);
  }

  /** One of the workspace's verified custom domains (its id), or a 400 on domainId that changes nothing. */
  async requireVerifiedDomain(userId: string, domainId: string): Promise<string> {
    const state = await this.domains.domainStateOf(userId, domainId.toLowerCase());
    if (state === null) throw invalid('domainId', DOMAIN_MESSAGES.notFound);
    if (state !== 'verified') throw invalid('domainId', DOMAIN_MESSAGES.notVerified);
    return domainId.toLowerCase();
  }

  /** A folder of the owner's, or a 404 that changes nothing. */
  async requireFolder(tx: EntityManager, userId: string, folderId: string): Promise<void> {
    if (!(await this.codes.folderExists(tx, userId, folderId))) throw new DomainError(ErrorCode.NotFound, ORGANISE_MESSAGES.folderNotFound);
  }

  /** Settings checked against now (and the switches that already happened); null clears them all. */
  checkCampaign(next: CampaignSettings | null | undefined, previous: CampaignSettings | null): CampaignSettings | null | undefined {
    if (next === undefined || next === null) return next;
    const errors = campaignChangeProblems(next, previous, this.reads.now());
    if (Object.keys(errors).length === 0) Object.assign(errors, this.campaignUrlRefusals(next));
    const fields = Object.keys(errors);
    if (fields.length > 0) {
      const details = Object.fromEntries(fields.map((field) => [`campaign.${field}`, errors[field]]));
      throw new DomainError(ErrorCode.Validation, errors[fields[0]], details);
    }
    return next;
  }

  /** Every address of the settings (rules, variants, switches, fallback) under the policy of the main destination. */
  private campaignUrlRefusals(settings: CampaignSettings): Record<string, string> {
    const urls: [string, string][] = [];
    const target = (path: string, rules?: { destination: string }[], split?: { destination: string }[]) => {
      rules?.forEach((rule, i) => urls.push([`${path}rules.${i}.destination`, rule.destination]));
      split?.forEach((variant, i) => urls.push([`${path}split.${i}.destination`, variant.destination]));
    };
    if (settings.fallbackUrl) urls.push(['fallbackUrl', settings.fallbackUrl]);
    target('', settings.rules, settings.split);
    settings.schedule?.forEach((change, i) => {
      urls.push([`schedule.${i}.destination`, change.destination]);
      target(`schedule.${i}.`, change.rules, change.split);
    });
    const errors: Record<string, string> = {};
    for (const [path, value] of urls) {
      try {
        this.checkDestination(value);
      } catch (error) {
        if (error instanceof DomainError) errors[path] = error.message;
        else throw error;
      }
    }
    return errors;
  }

  /** PUBLIC_BASE_URL/p/{slug}: where a content code's scans land (the web app's hosted page). */
  pageUrl(slug: string): string {
    return `${this.config.publicBaseUrl}${publicPagePath(slug)}`;
  }

  /**
   * A content code: no web address of its own and no password (its page is public at /p/{slug});
   * the content's links under the same policy as destinations.
   */
  async prepareContent(userId: string, content: CodeContent, input: { destinationUrl?: string; password?: string }): Promise<StoredContent> {
    if (input.destinationUrl !== undefined) throw invalid('destinationUrl', CONTENT_MESSAGES.contentOnly);
    if (input.password) throw invalid('password', CONTENT_MESSAGES.passwordProtected);
    return this.content.prepare(userId, content, (field, url) => {
      try {
        this.checkDestination(url);
      } catch (error) {
        if (error instanceof DomainError) throw invalid(field, error.message);
        throw error;
      }
    });
  }

  checkName(name: string): string {
    const problem = codeNameProblem(name);
    if (problem) throw invalid('name', problem);
    return name.trim();
  }

  /**
   * The contract's rules, plus what only the server knows: never our own short links in any
   * spelling (a loop), and no private or local network unless the operator allows it.
   */
  checkDestination(value: string | undefined): string {
    const problem = destinationProblem(value);
    if (problem) throw invalid('destinationUrl', problem);
    const url = new URL((value as string).trim());
    const refusal = destinationRefusal(url, {
      publicBaseUrl: this.config.publicBaseUrl,
      allowPrivateNetworks: this.config.allowPrivateDestinations,
    });
    if (refusal === 'own-link') throw invalid('destinationUrl', QR_MESSAGES.urlOwnRedirect);
    if (refusal === 'private-network') throw invalid('destinationUrl', QR_MESSAGES.urlPrivateNetwork);
    if (this.blocklist.refuses(url)) throw invalid('destinationUrl', ABUSE_MESSAGES.blockedDestination);
    return url.href;
  }
}
