import { Contact, FileText, Globe, List, Wifi } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cn } from '../../../lib/utils';
import { CODE_KIND_VALUES, CODE_KINDS, type CodeKind } from '../lib/content-draft';

const ICONS = { website: Globe, vcard: Contact, links: List, file: FileText, wifi: Wifi } as const;

/** What the code leads to: a website, or a page we host. Radio buttons, so arrow keys move between them. */
export function CodeKindPicker({ value, onChange }: { value: CodeKind; onChange: (kind: CodeKind) => void }) {
  const intl = useIntl();
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">
        <FormattedMessage id="codesCreate.kindPicker.legend" defaultMessage="What should the code open?" />
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {CODE_KINDS.map((kind) => {
          const Icon = ICONS[kind.value];
          const checked = value === kind.value;
          return (
            <label
              key={kind.value}
              className={cn(
                'flex min-w-0 cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
                checked ? 'border-primary bg-primary/5' : 'border-input',
              )}
            >
              <input type="radio" name="code-kind" value={kind.value} checked={checked} onChange={() => onChange(kind.value)} className="sr-only" />
              <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="grid min-w-0 gap-0.5">
                <span className="font-medium">{intl.formatMessage(kind.label)}</span>
                <span className="text-xs text-muted-foreground">{intl.formatMessage(kind.description, CODE_KIND_VALUES)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
