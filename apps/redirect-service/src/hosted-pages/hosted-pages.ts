import type { IncomingMessage } from 'node:http';
import type { RedirectEntry } from '@qrd/contracts';
import type { ScannerLocale } from '../i18n/catalogue';
import { ScannerLanguages, scannerTexts, ScannerText } from '../i18n/scanner-language';
import type { Page } from '../redirects/pages';
import { hostedPage } from './hosted-page';

/**
 * Each content code's page rendered once per version of its entry and language: the cache holds
 * one entry object per slug until a change replaces it, so a scan of a known page costs a lookup,
 * not a render. The language is the scanner's (Accept-Language).
 */
export class HostedPages {
  private readonly rendered = new WeakMap<RedirectEntry, Partial<Record<ScannerLocale, Page>>>();
  private readonly languages = new ScannerLanguages();
  private readonly texts: Record<ScannerLocale, ScannerText>;

  constructor(private readonly publicBaseUrl: string) {
    this.texts = scannerTexts();
  }

  of(req: IncomingMessage, slug: string, entry: RedirectEntry & { content?: NonNullable<RedirectEntry['content']> }): Page {
    const locale = this.languages.of(req.headers['accept-language']);
    let pages = this.rendered.get(entry);
    if (!pages) {
      pages = {};
      this.rendered.set(entry, pages);
    }
    let page = pages[locale];
    if (!page) {
      page = hostedPage(this.texts[locale], slug, entry.content as NonNullable<RedirectEntry['content']>, this.publicBaseUrl);
      pages[locale] = page;
    }
    return page;
  }
}
