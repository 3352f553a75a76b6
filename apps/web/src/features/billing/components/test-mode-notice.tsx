import { FlaskConical } from 'lucide-react';
import { FormattedMessage } from 'react-intl';

/** Every card form of the test provider says plainly that nothing is charged. */
export function TestModeNotice() {
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-md border border-dashed border-warning bg-warning/10 px-3 py-2 text-sm font-medium text-yellow-900 dark:text-yellow-100"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      <FormattedMessage id="billing.testMode.notice" defaultMessage="Test mode — no real charges" />
    </p>
  );
}
