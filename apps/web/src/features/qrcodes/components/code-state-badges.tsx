import type { QrCodeView } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../../components/ui/badge';
import { STATE_LABELS, stateExplanation, stateHint } from '../lib/code-list';

/**
 * 'Dynamic', and what a scan meets now: Active, Deactivated, Suspended, Expired or Limit reached
 * (with why, as a tooltip; the end date or the limit beside an expired code).
 */
export function CodeStateBadges({ code }: { code: Pick<QrCodeView, 'state' | 'effectiveState' | 'suspended' | 'takedown' | 'campaign'> }) {
  const intl = useIntl();
  const state = code.effectiveState ?? code.state;
  const hint = stateHint(intl, code);
  const explanation = stateExplanation(intl, code) ?? undefined;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant="secondary">
        <FormattedMessage id="codesList.badges.dynamic" defaultMessage="Dynamic" />
      </Badge>
      {code.takedown ? (
        <Badge variant="destructive" title={explanation}>
          <FormattedMessage id="codesList.badges.disabled" defaultMessage="Disabled" />
        </Badge>
      ) : (
        <Badge variant={state === 'active' ? 'success' : 'warning'} title={explanation}>
          {intl.formatMessage(STATE_LABELS[state])}
        </Badge>
      )}
      {hint && <span className="self-center text-xs text-muted-foreground">{hint}</span>}
    </div>
  );
}
