import type { RuleFigures } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ruleConditions, shortDestination } from '../lib/rule-label';
import { ConversionCells, ConversionHeads, MostSalesBadge, mostSalesOf } from './most-sales-badge';

const HEAD = 'py-2 pe-4 text-end font-medium';
const CELL = 'py-2 pe-4 text-end tabular-nums';

/** Routing rules: what each rule sent in the range (scans, leads, sales, revenue), each named by its conditions and destination. */
export function RulesCard({ rules }: { rules: RuleFigures[] }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'analytics.rules.title', defaultMessage: 'By routing rule' });
  const leader = mostSalesOf(rules);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          <FormattedMessage
            id="analytics.rules.description"
            defaultMessage="Human scans each rule sent in this range, and the leads and sales your site reported against them."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" aria-label={title}>
          <thead>
            <tr className="text-start text-muted-foreground">
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                <FormattedMessage id="analytics.rules.rule" defaultMessage="Rule" />
              </th>
              <th scope="col" className={HEAD}>
                <FormattedMessage id="analytics.code.scans" defaultMessage="Scans" />
              </th>
              <th scope="col" className={HEAD}>
                <FormattedMessage id="analytics.code.uniqueScannersHead" defaultMessage="Unique scanners" />
              </th>
              <ConversionHeads />
            </tr>
          </thead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.rule} className="border-t">
                <th scope="row" className="py-2 pe-4 text-start font-normal">
                  <span className="font-medium">
                    <FormattedMessage id="analytics.rules.ruleNumber" defaultMessage="Rule {number}" values={{ number: r.rule }} />
                  </span>
                  {leader === r && <MostSalesBadge />}
                  <span className="block text-muted-foreground">
                    {r.current ? (
                      <FormattedMessage
                        id="analytics.rules.sends"
                        defaultMessage="{conditions} → {destination}"
                        values={{ conditions: ruleConditions(intl, r.current), destination: shortDestination(r.current.destination) }}
                      />
                    ) : (
                      <FormattedMessage id="analytics.rules.gone" defaultMessage="No longer among the rules" />
                    )}
                  </span>
                </th>
                <td className={CELL}>{intl.formatNumber(r.scans)}</td>
                <td className={CELL}>{intl.formatNumber(r.uniqueScans)}</td>
                <ConversionCells row={r} />
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
