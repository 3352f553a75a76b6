import type { DesignTemplateView } from '@qrd/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useDesignTemplates } from '../api/design-templates';

const selectClass =
  'h-9 w-full max-w-sm rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

/** The name the confirmation shows for the chosen design ('' is the default design). */
export function designChoiceName(templates: DesignTemplateView[] | undefined, templateId: string): string {
  const template = templateId ? templates?.find((t) => t.id === templateId) : undefined;
  return template ? `the design template "${template.name}"` : 'the default design';
}

/**
 * The design every code of a CSV import starts with: one of the account's templates, or the
 * default design ('' in `value`). Rows that name a template in their template column keep theirs.
 */
export function ImportDesignChoice({ value, onChange, namedRows }: { value: string; onChange: (templateId: string) => void; namedRows: number }) {
  const templates = useDesignTemplates();
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Design of the new QR codes</Label>
      {templates.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {getErrorMessage(templates.error, 'Your design templates could not be loaded.')}
          <Button variant="outline" size="sm" onClick={() => void templates.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-2">
          <select
            id={id}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            disabled={templates.isPending}
            aria-describedby={`${id}-hint`}
            className={selectClass}
          >
            <option value="">Default design</option>
            {templates.data?.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
          {templates.isPending && <Spinner aria-label="Loading your design templates" />}
        </div>
      )}
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {templates.data?.length === 0 ? 'You have no design templates yet: save one from a code’s design editor to use it here. ' : ''}
        {namedRows > 0
          ? `${namedRows} ${namedRows === 1 ? 'row names its own template' : 'rows name their own template'} in the template column and ${namedRows === 1 ? 'keeps it' : 'keep theirs'}.`
          : 'A row can name one of your templates in a template column instead.'}
      </p>
    </div>
  );
}
