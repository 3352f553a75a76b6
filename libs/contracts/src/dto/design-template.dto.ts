import { IsObject, IsOptional, IsString, registerDecorator } from 'class-validator';
import type { QrDesignView } from '../messages/qr.messages';

/**
 * Saved designs of an account: made from a design (the editor's current one, the logo of `codeId`
 * when given), listed, applied in the editor, deleted; a new code can start from one
 * (`designTemplateId` on create, also what the bulk import uses).
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
