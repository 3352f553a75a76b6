import type { FolderConversions } from '@qrd/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatCount } from '../lib/figures';
import { formatRevenue } from '../lib/money';
import { MostSalesBadge, mostSalesOf } from './most-sales-badge';

const HEAD = 'py-2 pr-4 text-right font-medium';
const CELL = 'py-2 pr-4 text-right tabular-nums';

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
              <th scope="col" className={HEAD}>Leads</th>
              <th scope="col" className={HEAD}>Sales</th>
              <th scope="col" className="py-2 text-right font-medium">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {folders.map((f) => (
              <tr key={f.folderId ?? 'none'} className="border-t">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {f.folderId === null ? <span className="italic text-muted-foreground">No folder</span> : f.name}
                  {leader === f && <MostSalesBadge />}
                </th>
                <td className={CELL}>{formatCount(f.leads)}</td>
                <td className={CELL}>{formatCount(f.sales)}</td>
                <td className="py-2 text-right tabular-nums">{formatRevenue(f.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
