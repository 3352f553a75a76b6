import type { DesignTemplateView } from '@qrd/contracts';
import { useId } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useDesignTemplates } from '../api/design-templates';

const selectClass =
  'h-9 w-full max-w-sm rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none';

const choices: Record<'defaultDesign' | 'defaultDesignExcept' | 'template' | 'templateExcept', MessageDescriptor> = defineMessages({
  defaultDesign: { id: 'codesCreate.importDesign.startDefault', defaultMessage: 'They start with the default design.' },
  defaultDesignExcept: {
    id: 'codesCreate.importDesign.startDefaultExcept',
    defaultMessage: 'They start with the default design, except the rows that name their own template.',
  },
  template: { id: 'codesCreate.importDesign.startTemplate', defaultMessage: 'They start with the design template "{name}".' },
  templateExcept: {
    id: 'codesCreate.importDesign.startTemplateExcept',
    defaultMessage: 'They start with the design template "{name}", except the rows that name their own template.',
  },
});

/** The confirmation's sentence on the design the codes start with ('' is the default design). */
export function designChoiceSentence(intl: IntlShape, templates: DesignTemplateView[] | undefined, templateId: string, namedRows: number): string {
  const template = templateId ? templates?.find((t) => t.id === templateId) : undefined;
  if (!template) return intl.formatMessage(namedRows > 0 ? choices.defaultDesignExcept : choices.defaultDesign);
  return intl.formatMessage(namedRows > 0 ? choices.templateExcept : choices.template, { name: template.name });
}

/**
 * The design every code of a CSV import starts with: one of the account's templates, or the
 * default design ('' in `value`). Rows that name a template in their template column keep theirs.
 */
export function ImportDesignChoice({ value, onChange, namedRows }: { value: string; onChange: (templateId: string) => void; namedRows: number }) {
  const intl = useIntl();
  const templates = useDesignTemplates();
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        <FormattedMessage id="codesCreate.importDesign.label" defaultMessage="Design of the new QR codes" />
      </Label>
      {templates.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {getErrorMessage(templates.error, intl.formatMessage({ id: 'codesCreate.importDesign.loadFailed', defaultMessage: 'Your design templates could not be loaded.' }))}
          <Button variant="outline" size="sm" onClick={() => void templates.refetch()}>
            <FormattedMessage id="codesCreate.common.retry" defaultMessage="Retry" />
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
            <option value="">{intl.formatMessage({ id: 'codesCreate.importDesign.default', defaultMessage: 'Default design' })}</option>
            {templates.data?.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
          {templates.isPending && <Spinner aria-label={intl.formatMessage({ id: 'codesCreate.importDesign.loading', defaultMessage: 'Loading your design templates' })} />}
        </div>
      )}
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {templates.data?.length === 0 && (
          <>
            <FormattedMessage id="codesCreate.importDesign.none" defaultMessage="You have no design templates yet: save one from a code’s design editor to use it here." />{' '}
          </>
        )}
        {namedRows > 0 ? (
          <FormattedMessage
            id="codesCreate.importDesign.namedRows"
            defaultMessage="{count, plural, one {# row names its own template in the template column and keeps it.} other {# rows name their own template in the template column and keep theirs.}}"
            values={{ count: namedRows }}
          />
        ) : (
          <FormattedMessage id="codesCreate.importDesign.namedHint" defaultMessage="A row can name one of your templates in a template column instead." />
        )}
      </p>
    </div>
  );
}
