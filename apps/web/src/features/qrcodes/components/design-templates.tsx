import { DESIGN_TEMPLATE_MAX_PER_ACCOUNT, DESIGN_TEMPLATE_NAME_MAX_LENGTH, type DesignTemplateView, type QrDesignInput } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
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
      toast({ title: 'Template saved', description: 'Apply it to any code, or start new codes with it.' });
    } catch (error) {
      const fields = getFieldErrors(error);
      setNameError(fields.name ?? fields.design ?? getErrorMessage(error, 'The template could not be saved.'));
    }
  };

  const destroy = async (template: DesignTemplateView) => {
    try {
      await remove.mutateAsync(template.id);
      toast({ title: 'Template deleted', description: `"${template.name}" is gone; codes that used it keep their design.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error Deleting Template', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <section aria-labelledby="design-templates-heading" className="grid gap-3 rounded-md border p-4">
      <h3 id="design-templates-heading" className="text-sm font-medium">
        Design templates
      </h3>
      <form onSubmit={(event) => void submit(event)} className="grid gap-2">
        <Label htmlFor="design-template-name">Save this design as a template</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="design-template-name"
            value={name}
            maxLength={DESIGN_TEMPLATE_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. Brand colours"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'design-template-name-error' : undefined}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="outline" disabled={create.isPending || name.trim() === ''}>
            {create.isPending && <Spinner />}
            Save as template
          </Button>
        </div>
        {nameError && (
          <p id="design-template-name-error" role="alert" className="text-sm font-medium text-destructive">
            {nameError}
          </p>
        )}
        <p className="text-xs text-muted-foreground">Up to {DESIGN_TEMPLATE_MAX_PER_ACCOUNT} templates per account; the logo of this code is kept too.</p>
      </form>
      {templates.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading templates...
        </p>
      ) : templates.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {getErrorMessage(templates.error, 'Your templates could not be loaded.')}
          <Button variant="outline" size="sm" onClick={() => void templates.refetch()}>
            Retry
          </Button>
        </div>
      ) : templates.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No templates yet. Save a design you like to reuse it on other codes.</p>
      ) : (
        <ul aria-label="Saved design templates" className="grid gap-2">
          {templates.data.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <span aria-hidden="true" className="h-4 w-4 shrink-0 rounded-sm border" style={{ background: template.design.foreground }} />
                <span className="truncate text-sm">{template.name}</span>
              </span>
              <span className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => onApply(designOfTemplate(template))} aria-label={`Apply template ${template.name}`}>
                  Apply
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void destroy(template)}
                  disabled={remove.isPending}
                  aria-label={`Delete template ${template.name}`}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
