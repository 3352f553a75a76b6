import { IsObject, IsOptional, IsString, registerDecorator } from 'class-validator';
import type { QrDesignView } from '../messages/qr.messages';
import { BulkIdsDto, checkedBy, isUuid } from './organise.dto';

/**
 * Saved designs of an account: made from a design (the editor's current one, the logo of `codeId`
 * when given), listed, applied in the editor, deleted; a new code can start from one
 * (`designTemplateId` on create, also what the CSV import uses: for the whole import, or per row by
 * the template's name); a selection of codes can take one at once (the bulk action `design-template`).
 */
export const DESIGN_TEMPLATE_MAX_PER_ACCOUNT = 50;
export const DESIGN_TEMPLATE_NAME_MAX_LENGTH = 60;

export const DESIGN_TEMPLATE_MESSAGES = {
  name: `The template name must be 1 to ${DESIGN_TEMPLATE_NAME_MAX_LENGTH} characters`,
  nameTaken: 'You already have a template with this name',
  limit: `You can keep up to ${DESIGN_TEMPLATE_MAX_PER_ACCOUNT} design templates: delete one you no longer use first`,
  notFound: 'The design template was not found: it may have been deleted',
  source: 'Send the design to save, or the code whose design to save',
  design: 'The design must be an object with the design settings',
  templateId: 'Choose one of your design templates',
  /** A code whose logo and the template's settings do not make a design that can be rendered. */
  notApplicable: (codeName: string, problem: string) => `The template cannot be applied to "${codeName.slice(0, 60)}": ${problem} Nothing was changed.`,
} as const;

export interface DesignTemplateView {
  id: string;
  name: string;
  design: QrDesignView;
  createdAt: string;
}

export function designTemplateNameProblem(value: unknown): string | null {
  return typeof value === 'string' && value.trim().length > 0 && value.trim().length <= DESIGN_TEMPLATE_NAME_MAX_LENGTH ? null : DESIGN_TEMPLATE_MESSAGES.name;
}

function TemplateName() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'designTemplateName',
      target: target.constructor,
      propertyName,
      options: { message: DESIGN_TEMPLATE_MESSAGES.name },
      validator: { validate: (value: unknown) => designTemplateNameProblem(value) === null },
    });
}

export class CreateDesignTemplateDto {
  @TemplateName()
  name!: string;

  /** The design to save (checked by the qr-service like any design); the saved one of `codeId` without it. */
  @IsOptional()
  @IsObject({ message: DESIGN_TEMPLATE_MESSAGES.design })
  design?: Record<string, unknown>;

  /** The code whose logo (and, without `design`, whole design) the template keeps. */
  @IsOptional()
  @IsString({ message: DESIGN_TEMPLATE_MESSAGES.source })
  codeId?: string;
}

/**
 * POST /api/qrcodes/bulk/design-template: every chosen code takes the template's design, all or
 * nothing. A code keeps its own logo unless the template has one.
 */
export class BulkDesignTemplateDto extends BulkIdsDto {
  @checkedBy('templateId', (v) => (isUuid(v) ? null : DESIGN_TEMPLATE_MESSAGES.templateId))
  templateId!: string;
}
