import type { RedirectEntry } from '@qrd/contracts';
import type { Page } from '../redirects/pages';
import { hostedPage } from './hosted-page';

/**
 * Each content code's page rendered once per version of its entry: the cache holds one entry object
 * per slug until a change replaces it, so a scan of a known page costs a lookup, not a render.
 */
export class HostedPages {
  private readonly rendered = new WeakMap<RedirectEntry, Page>();

  constructor(private readonly publicBaseUrl: string) {}

  of(slug: string, entry: RedirectEntry & { content?: NonNullable<RedirectEntry['content']> }): Page {
    let page = this.rendered.get(entry);
    if (!page) {
      page = hostedPage(slug, entry.content as NonNullable<RedirectEntry['content']>, this.publicBaseUrl);
      this.rendered.set(entry, page);
    }
    return page;
  }
}
