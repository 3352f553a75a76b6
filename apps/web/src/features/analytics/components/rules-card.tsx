import type { RuleFigures } from '@qrd/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatCount } from '../lib/figures';
import { ruleConditions, shortDestination } from '../lib/rule-label';
import { ConversionCells, ConversionHeads, MostSalesBadge, mostSalesOf } from './most-sales-badge';

const HEAD = 'py-2 pr-4 text-right font-medium';
const CELL = 'py-2 pr-4 text-right tabular-nums';

/** Routing rules: what each rule sent in the range (scans, leads, sales, revenue), each named by its conditions and destination. */
export function RulesCard({ rules }: { rules: RuleFigures[] }) {
  const leader = mostSalesOf(rules);
  return (
    <Card>
      <CardHeader>
        <CardTitle>By routing rule</CardTitle>
        <CardDescription>Human scans each rule sent in this range, and the leads and sales your site reported against them.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="By routing rule">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">Rule</th>
              <th scope="col" className={HEAD}>Scans</th>
              <th scope="col" className={HEAD}>Unique scanners</th>
              <ConversionHeads />
            </tr>
          </thead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.rule} className="border-t">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  <span className="font-medium">Rule {r.rule}</span>
                  {leader === r && <MostSalesBadge />}
                  <span className="block text-muted-foreground">
                    {r.current ? `${ruleConditions(r.current)} → ${shortDestination(r.current.destination)}` : 'No longer among the rules'}
                  </span>
                </th>
                <td className={CELL}>{formatCount(r.scans)}</td>
                <td className={CELL}>{formatCount(r.uniqueScans)}</td>
                <ConversionCells row={r} />
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
