import type { QrCodeView } from '@qrd/contracts';
import { Badge } from '../../../components/ui/badge';
import { STATE_LABELS, stateExplanation } from '../lib/code-list';

/** 'Dynamic', and the real state: Active, Deactivated or Suspended (with why, as a tooltip). */
export function CodeStateBadges({ code }: { code: Pick<QrCodeView, 'state' | 'suspended' | 'takedown'> }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant="secondary">Dynamic</Badge>
      {code.takedown ? (
        <Badge variant="destructive" title={stateExplanation(code) ?? undefined}>
          Disabled
        </Badge>
      ) : (
        <Badge variant={code.state === 'active' ? 'success' : 'warning'} title={stateExplanation(code) ?? undefined}>
          {STATE_LABELS[code.state]}
        </Badge>
      )}
    </div>
  );
}
