import type { FolderConversions } from '@qrd/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConversionCells, ConversionHeads, MostSalesBadge, mostSalesOf } from './most-sales-badge';

/** The workspace's leads, sales and revenue per folder (the codes in no folder apart), for the period shown. */
export function FolderConversionsCard({ folders, period }: { folders: FolderConversions[]; period: string }) {
  const leader = mostSalesOf(folders);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversions by folder</CardTitle>
        <CardDescription>{period}: leads and sales your sites reported against the scans of each folder's codes.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Conversions by folder">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">Folder</th>
              <ConversionHeads />
            </tr>
          </thead>
          <tbody>
            {folders.map((f) => (
              <tr key={f.folderId ?? 'none'} className="border-t">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {f.folderId === null ? <span className="italic text-muted-foreground">No folder</span> : f.name}
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
