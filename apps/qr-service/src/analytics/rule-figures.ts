import type { CampaignRule, CampaignSettings, ConversionTotals, RuleFigures } from '@qrd/contracts';

/** Human scans and unique visitors one routing rule sent, by its 1-based position. */
export interface RuleCount {
  rule: number;
  scans: number;
  uniqueScans: number;
}

/** The routing rules in force at `now`: those of the latest schedule change that brought rules, else the campaign's own. */
export function rulesInForce(campaign: CampaignSettings | null, now: number): CampaignRule[] {
  if (!campaign) return [];
  let rules = campaign.rules ?? [];
  let latest = -Infinity;
  for (const change of campaign.schedule ?? []) {
    const at = Date.parse(change.at);
    if (change.rules?.length && at <= now && at > latest) {
      latest = at;
      rules = change.rules;
    }
  }
  return rules;
}

/**
 * Each rule that sent scans or has conversions in the range, by position, with the rule now at
 * that position to name it (the positions are those in force when each scan was made; a rule
 * edited since shows its current conditions).
 */
export function ruleFigures(counts: RuleCount[], conversions: Map<number, ConversionTotals>, campaign: CampaignSettings | null, now: number): RuleFigures[] {
  const current = rulesInForce(campaign, now);
  const positions = new Set<number>([...counts.map((c) => c.rule), ...conversions.keys()]);
  return [...positions]
    .sort((a, b) => a - b)
    .map((rule) => {
      const count = counts.find((c) => c.rule === rule);
      return {
        rule,
        scans: count?.scans ?? 0,
        uniqueScans: count?.uniqueScans ?? 0,
        ...(conversions.get(rule) ?? { leads: 0, sales: 0, revenue: [] }),
        current: current[rule - 1] ?? null,
      };
    });
}
