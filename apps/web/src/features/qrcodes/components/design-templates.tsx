import { DESIGN_TEMPLATE_MAX_PER_ACCOUNT, DESIGN_TEMPLATE_NAME_MAX_LENGTH, type DesignTemplateView, type QrDesignInput } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useCreateDesignTemplate, useDeleteDesignTemplate, useDesignTemplates } from '../api/design-templates';

function designOfTemplate(template: DesignTemplateView): QrDesignInput {
  const { hasLogo: _hasLogo, ...design } = template.design;
  return design;
}

/** The account's saved designs: save the current one, apply one to the draft, delete one. */
export function DesignTemplates({ codeId, draft, onApply }: { codeId: string; draft: QrDesignInput; onApply: (design: QrDesignInput) => void }) {
  const intl = useIntl();
  const templates = useDesignTemplates();
  const create = useCreateDesignTemplate();
  const remove = useDeleteDesignTemplate();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(null);
    try {
      await create.mutateAsync({ name, design: draft, codeId });
      setName('');
      toast({
        title: intl.formatMessage({ id: 'codesCreate.templates.savedTitle', defaultMessage: 'Template saved' }),
        description: intl.formatMessage({ id: 'codesCreate.templates.savedDescription', defaultMessage: 'Apply it to any code, or start new codes with it.' }),
      });
    } catch (error) {
      const fields = getFieldErrors(error);
      setNameError(fields.name ?? fields.design ?? getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.templates.saveFailed', defaultMessage: 'The template could not be saved.' })));
    }
  };

  const destroy = async (template: DesignTemplateView) => {
    try {
      await remove.mutateAsync(template.id);
      toast({
        title: intl.formatMessage({ id: 'codesCreate.templates.deletedTitle', defaultMessage: 'Template deleted' }),
        description: intl.formatMessage(
          { id: 'codesCreate.templates.deletedDescription', defaultMessage: '"{name}" is gone; codes that used it keep their design.' },
          { name: template.name },
        ),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'codesCreate.templates.deleteErrorTitle', defaultMessage: 'Error Deleting Template' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.toast.tryLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <section aria-labelledby="design-templates-heading" className="grid gap-3 rounded-md border p-4">
      <h3 id="design-templates-heading" className="text-sm font-medium">
        <FormattedMessage id="codesCreate.templates.heading" defaultMessage="Design templates" />
      </h3>
      <form onSubmit={(event) => void submit(event)} className="grid gap-2">
        <Label htmlFor="design-template-name">
          <FormattedMessage id="codesCreate.templates.nameLabel" defaultMessage="Save this design as a template" />
        </Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="design-template-name"
            value={name}
            maxLength={DESIGN_TEMPLATE_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            placeholder={intl.formatMessage({ id: 'codesCreate.templates.namePlaceholder', defaultMessage: 'e.g. Brand colours' })}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'design-template-name-error' : undefined}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="outline" disabled={create.isPending || name.trim() === ''}>
            {create.isPending && <Spinner />}
            <FormattedMessage id="codesCreate.templates.save" defaultMessage="Save as template" />
          </Button>
        </div>
        {nameError && (
          <p id="design-template-name-error" role="alert" className="text-sm font-medium text-destructive">
            {nameError}
          </p>
        )}
        <p className="text-xs text-muted-foreground">
          <FormattedMessage
            id="codesCreate.templates.limit"
            defaultMessage="Up to {max, number} templates per account; the logo of this code is kept too."
            values={{ max: DESIGN_TEMPLATE_MAX_PER_ACCOUNT }}
          />
        </p>
      </form>
      {templates.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> <FormattedMessage id="codesCreate.templates.loading" defaultMessage="Loading templates..." />
        </p>
      ) : templates.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {getErrorMessage(templates.error, intl.formatMessage({ id: 'codesCreate.templates.loadFailed', defaultMessage: 'Your templates could not be loaded.' }))}
          <Button variant="outline" size="sm" onClick={() => void templates.refetch()}>
            <FormattedMessage id="codesCreate.common.retry" defaultMessage="Retry" />
          </Button>
        </div>
      ) : templates.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="codesCreate.templates.empty" defaultMessage="No templates yet. Save a design you like to reuse it on other codes." />
        </p>
      ) : (
        <ul aria-label={intl.formatMessage({ id: 'codesCreate.templates.listLabel', defaultMessage: 'Saved design templates' })} className="grid gap-2">
          {templates.data.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <span aria-hidden="true" className="h-4 w-4 shrink-0 rounded-sm border" style={{ background: template.design.foreground }} />
                <span className="truncate text-sm">{template.name}</span>
              </span>
              <span className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => onApply(designOfTemplate(template))} aria-label={intl.formatMessage({ id: 'codesCreate.templates.applyLabel', defaultMessage: 'Apply template {name}' }, { name: template.name })}
                >
                  <FormattedMessage id="codesCreate.templates.apply" defaultMessage="Apply" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void destroy(template)}
                  disabled={remove.isPending}
                  aria-label={intl.formatMessage({ id: 'codesCreate.templates.deleteLabel', defaultMessage: 'Delete template {name}' }, { name: template.name })}
                >
                  <FormattedMessage id="codesCreate.templates.delete" defaultMessage="Delete" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
