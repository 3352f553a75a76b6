import { Ban, SearchX } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { BRAND_NAME } from '../../../components/layout/brand';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { usePublicPage } from '../api/public-page';
import { ContactCardPage } from '../components/contact-card-page';
import { FilePage } from '../components/file-page';
import { LinkListPage } from '../components/link-list-page';
import { WifiPage } from '../components/wifi-page';

const TITLES = defineMessages({
  vcard: { id: 'site.hostedPage.title.vcard', defaultMessage: 'Contact card' },
  links: { id: 'site.hostedPage.title.links', defaultMessage: 'Links' },
  file: { id: 'site.hostedPage.title.file', defaultMessage: 'File' },
  wifi: { id: 'site.hostedPage.title.wifi', defaultMessage: 'Wi-Fi' },
  page: { id: 'site.hostedPage.title.page', defaultMessage: 'QR code page' },
});

/** /p/{slug}: the page a content code's scan lands on (after /r/{slug} counted it). Phone first. */
export function HostedPageRoute() {
  const { slug = '' } = useParams();
  const intl = useIntl();
  const page = usePublicPage(slug);
  usePageTitle(intl.formatMessage(page.data ? TITLES[page.data.content.type] : TITLES.page));
  const content = page.data?.content;

  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-md content-start gap-6 px-4 py-10">
      {page.isLoading && (
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner /> <FormattedMessage id="site.fullScreenSpinner.loading" defaultMessage="Loading..." />
        </p>
      )}
      {page.isError && (
        <div role="alert" className="grid justify-items-center gap-3 py-16 text-center">
          {isApiError(page.error, 410) ? <Ban className="size-10 text-muted-foreground" aria-hidden="true" /> : <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />}
          <h1 className="text-2xl font-bold">{isApiError(page.error, 410) || isApiError(page.error, 404)
              ? getErrorMessage(page.error, intl.formatMessage({ id: 'site.hostedPage.missing', defaultMessage: 'This page does not exist' }))
              : intl.formatMessage({ id: 'site.hostedPage.failed', defaultMessage: 'This page could not be loaded' })}</h1>
          {!isApiError(page.error, 410) && !isApiError(page.error, 404) && (
            <button type="button" className="underline" onClick={() => void page.refetch()}>
              <FormattedMessage id="site.queryState.tryAgain" defaultMessage="Try again" />
            </button>
          )}
          <a href="/" className="text-sm underline">
            <FormattedMessage id="site.hostedPage.home" defaultMessage="{brand} home" values={{ brand: BRAND_NAME }} />
          </a>
        </div>
      )}
      {page.data && content?.type === 'vcard' && <ContactCardPage page={page.data} card={content} />}
      {page.data && content?.type === 'links' && <LinkListPage page={page.data} list={content} />}
      {page.data && content?.type === 'file' && <FilePage page={page.data} file={content} />}
      {content?.type === 'wifi' && <WifiPage wifi={content} />}
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        <a href="/" className="underline">
          <FormattedMessage id="site.hostedPage.madeWith" defaultMessage="Made with {brand}" values={{ brand: BRAND_NAME }} />
        </a>
      </footer>
    </main>
  );
}
