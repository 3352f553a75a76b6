import type { FolderConversions } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConversionCells, ConversionHeads, MostSalesBadge, mostSalesOf } from './most-sales-badge';

/** The workspace's leads, sales and revenue per folder (the codes in no folder apart), for the period shown. */
export function FolderConversionsCard({ folders, period }: { folders: FolderConversions[]; period: string }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'analytics.folderConversions.title', defaultMessage: 'Conversions by folder' });
  const leader = mostSalesOf(folders);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          <FormattedMessage
            id="analytics.folderConversions.description"
            defaultMessage="{period}: leads and sales your sites reported against the scans of each folder's codes."
            values={{ period }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" aria-label={title}>
          <thead>
            <tr className="text-start text-muted-foreground">
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                <FormattedMessage id="analytics.folderConversions.folder" defaultMessage="Folder" />
              </th>
              <ConversionHeads />
            </tr>
          </thead>
          <tbody>
            {folders.map((f) => (
              <tr key={f.folderId ?? 'none'} className="border-t">
                <th scope="row" className="py-2 pe-4 text-start font-medium">
                  {f.folderId === null ? <span className="italic text-muted-foreground">
                      <FormattedMessage id="analytics.folderConversions.noFolder" defaultMessage="No folder" />
                    </span> : f.name}
                  {leader === f && <MostSalesBadge />}
                </th>
                <ConversionCells row={f} />
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
