import { Ban, SearchX } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../hooks/use-page-title';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { usePublicPage } from '../api/public-page';
import { ContactCardPage } from '../components/contact-card-page';
import { FilePage } from '../components/file-page';
import { LinkListPage } from '../components/link-list-page';
import { WifiPage } from '../components/wifi-page';

const TITLES = { vcard: 'Contact card', links: 'Links', file: 'File', wifi: 'Wi-Fi' } as const;

/** /p/{slug}: the page a content code's scan lands on (after /r/{slug} counted it). Phone first. */
export function HostedPageRoute() {
  const { slug = '' } = useParams();
  const page = usePublicPage(slug);
  usePageTitle(page.data ? TITLES[page.data.content.type] : 'QR code page');
  const content = page.data?.content;

  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-md content-start gap-6 px-4 py-10">
      {page.isLoading && (
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner /> Loading...
        </p>
      )}
      {page.isError && (
        <div role="alert" className="grid justify-items-center gap-3 py-16 text-center">
          {isApiError(page.error, 410) ? <Ban className="size-10 text-muted-foreground" aria-hidden="true" /> : <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />}
          <h1 className="text-2xl font-bold">{isApiError(page.error, 410) || isApiError(page.error, 404) ? getErrorMessage(page.error, 'This page does not exist') : 'This page could not be loaded'}</h1>
          {!isApiError(page.error, 410) && !isApiError(page.error, 404) && (
            <button type="button" className="underline" onClick={() => void page.refetch()}>
              Try again
            </button>
          )}
          <a href="/" className="text-sm underline">
            QR Dynamic home
          </a>
        </div>
      )}
      {page.data && content?.type === 'vcard' && <ContactCardPage page={page.data} card={content} />}
      {page.data && content?.type === 'links' && <LinkListPage page={page.data} list={content} />}
      {page.data && content?.type === 'file' && <FilePage page={page.data} file={content} />}
      {content?.type === 'wifi' && <WifiPage wifi={content} />}
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        <a href="/" className="underline">
          Made with QR Dynamic
        </a>
      </footer>
    </main>
  );
}
