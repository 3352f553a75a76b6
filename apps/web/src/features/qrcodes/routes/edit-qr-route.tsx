import { ArrowLeft, ChartColumn, Download, History, Link2, Megaphone, Palette, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths, pickTab } from '../../../lib/paths';
import { useCan } from '../../../lib/auth';
// The per-code analytics view belongs to the analytics feature; this screen shows it as a tab.
import { CodeAnalytics } from '../../analytics';
import { isNotFound, useQrCode } from '../api/qr-codes';
import { CampaignEditor } from '../components/campaign-editor';
import { UniqueWindowSetting } from '../components/unique-window-setting';
import { CodeHistory } from '../components/code-history';
import { DesignEditor } from '../components/design-editor';
import { EditContentForm } from '../components/edit-content-form';
import { EditUrlForm } from '../components/edit-url-form';
import { OrganiseForm } from '../components/organise-form';
import { PreviewPanel } from '../components/preview-panel';

const TABS = ['edit', 'preview', 'design', 'campaign', 'analytics', 'history'] as const;
/** On a phone two tabs share a 358 px row: "Preview & Download" may take two lines rather than widen the page. */
const PHONE_TAB = 'text-center leading-tight whitespace-normal sm:whitespace-nowrap';

function NotFound() {
  return (
    <div className="grid justify-items-center gap-4 py-16 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="codesCreate.edit.notFound" defaultMessage="QR Code Not Found" />
      </h1>
      <p className="text-muted-foreground">
        <FormattedMessage id="codesCreate.edit.notFoundHint" defaultMessage="This QR code does not exist or you do not have access to it." />
      </p>
      <Button asChild>
        <Link to={paths.dashboard}>
          <FormattedMessage id="codesCreate.edit.back" defaultMessage="Back to Dashboard" />
        </Link>
      </Button>
    </div>
  );
}

/** /edit-qr/{id}: edit the destination, preview and download, design, the code's analytics and its history. */
export function EditQrRoute() {
  const intl = useIntl();
  const editTitle = intl.formatMessage({ id: 'codesCreate.edit.pageTitle', defaultMessage: 'Edit QR Code' });
  usePageTitle(editTitle);
  const { id = '' } = useParams();
  const code = useQrCode(id);
  const editLabel = code.data?.content
    ? intl.formatMessage({ id: 'codesCreate.edit.tab.editPage', defaultMessage: 'Edit page' })
    : intl.formatMessage({ id: 'codesCreate.edit.tab.editUrl', defaultMessage: 'Edit URL' });
  const [params, setParams] = useSearchParams();
  // A member who may not change codes (a viewer) sees the code, its analytics and history only.
  const canEdit = useCan('codes.write');
  const picked = pickTab(params.get('tab'), TABS, 'edit');
  const tab = !canEdit && (picked === 'edit' || picked === 'design' || picked === 'campaign') ? 'preview' : picked;
  const selectTab = (value: string) => setParams(value === 'edit' ? {} : { tab: value }, { replace: true });
  const switched = useRef(false);
  // Only the visit that follows creating the code celebrates it; every other visit names the code.
  // Read once: switching tabs replaces the history entry and its state.
  const arrival = useLocation().state as { created?: boolean } | null;
  const [justCreated] = useState(() => arrival?.created === true);

  // Spec: once the code has loaded, the screen switches to the preview tab (unless a tab was asked for).
  useEffect(() => {
    if (code.data && !switched.current) {
      switched.current = true;
      if (!params.get('tab')) setParams({ tab: 'preview' }, { replace: true });
    }
  }, [code.data, params, setParams]);

  if (code.isError && isNotFound(code.error)) return <NotFound />;

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to={paths.dashboard}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" /> <FormattedMessage id="codesCreate.edit.back" defaultMessage="Back to Dashboard" />
        </Link>
      </Button>
      <h1 className="text-3xl font-bold tracking-tight break-words">
        {justCreated ? <FormattedMessage id="codesCreate.edit.ready" defaultMessage="Your QR Code is Ready!" /> : (code.data?.name ?? editTitle)}
      </h1>
      {code.isLoading && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> <FormattedMessage id="codesCreate.common.loading" defaultMessage="Loading..." />
        </p>
      )}
      {code.isError && !isNotFound(code.error) && (
        <div role="alert" className="flex items-center gap-3 text-destructive">
          <FormattedMessage id="codesCreate.edit.loadFailed" defaultMessage="Could not load this QR code." />
          <Button variant="outline" size="sm" onClick={() => void code.refetch()}>
            <FormattedMessage id="codesCreate.common.tryAgain" defaultMessage="Try again" />
          </Button>
        </div>
      )}
      {code.data && !canEdit && (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="codesCreate.edit.readOnly"
            defaultMessage="You can see this code, its analytics and its history; your role in this workspace does not let you change it."
          />
        </p>
      )}
      {code.data && (
        <Tabs value={tab} onValueChange={selectTab} className="min-w-0">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-3">
            {canEdit && (
              <TabsTrigger value="edit" className={PHONE_TAB}>
                <Link2 aria-hidden="true" /> {editLabel}
              </TabsTrigger>
            )}
            <TabsTrigger value="preview" className={PHONE_TAB}>
              <Download aria-hidden="true" /> <FormattedMessage id="codesCreate.edit.tab.preview" defaultMessage="Preview & Download" />
            </TabsTrigger>
            {canEdit && (
              <TabsTrigger value="design" className={PHONE_TAB}>
                <Palette aria-hidden="true" /> <FormattedMessage id="codesCreate.edit.tab.design" defaultMessage="Design" />
              </TabsTrigger>
            )}
            {canEdit && (
              <TabsTrigger value="campaign" className={PHONE_TAB}>
                <Megaphone aria-hidden="true" /> <FormattedMessage id="codesCreate.edit.tab.campaign" defaultMessage="Campaign" />
              </TabsTrigger>
            )}
            <TabsTrigger value="analytics" className={PHONE_TAB}>
              <ChartColumn aria-hidden="true" /> <FormattedMessage id="codesCreate.edit.tab.analytics" defaultMessage="Analytics" />
            </TabsTrigger>
            <TabsTrigger value="history" className={PHONE_TAB}>
              <History aria-hidden="true" /> <FormattedMessage id="codesCreate.edit.tab.history" defaultMessage="History" />
            </TabsTrigger>
          </TabsList>
          <Card className="mt-4">
            <CardContent className="pt-6">
              <TabsContent value="edit">
                <div className="grid gap-6">
                  {code.data.content ? (
                    <EditContentForm key={code.data.updatedAt} code={code.data} content={code.data.content} onSaved={() => selectTab('preview')} />
                  ) : (
                    <EditUrlForm key={code.data.updatedAt} code={code.data} onSaved={() => selectTab('preview')} />
                  )}
                  <OrganiseForm key={`organise-${code.data.updatedAt}`} code={code.data} />
                </div>
              </TabsContent>
              <TabsContent value="preview">
                <PreviewPanel code={code.data} />
              </TabsContent>
              <TabsContent value="design">
                <DesignEditor key={code.data.updatedAt} code={code.data} />
              </TabsContent>
              <TabsContent value="campaign">
                <div className="grid gap-6">
                  <CampaignEditor key={code.data.updatedAt} code={code.data} />
                  <UniqueWindowSetting key={`unique-${code.data.updatedAt}`} code={code.data} />
                </div>
              </TabsContent>
              <TabsContent value="analytics">
                <CodeAnalytics codeId={code.data.id} codeName={code.data.name} />
              </TabsContent>
              <TabsContent value="history">
                <CodeHistory codeId={code.data.id} />
              </TabsContent>
            </CardContent>
          </Card>
        </Tabs>
      )}
    </div>
  );
}
