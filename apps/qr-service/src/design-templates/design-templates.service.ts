import { Injectable } from '@nestjs/common';
import {
  DESIGN_TEMPLATE_MAX_PER_ACCOUNT,
  DESIGN_TEMPLATE_MESSAGES,
  designTemplateNameProblem,
  DesignTemplateView,
  DomainError,
  ErrorCode,
  QrPattern,
  QrRequests,
} from '@qrd/contracts';
import { DataSource } from 'typeorm';
import { QrDesign, validateDesign } from '../rendering';
import { storedDesign, toDesignView } from '../codes/code.record';
import { CodesService } from '../codes/codes.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TemplateRow {
  id: string;
  name: string;
  design: unknown;
  createdAt: Date;
}

function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { [field]: message });
}

function toView(row: TemplateRow): DesignTemplateView {
  return { id: row.id, name: row.name, design: toDesignView(storedDesign(row.design)), createdAt: new Date(row.createdAt).toISOString() };
}

/** Saved designs of an account (qr.design_templates), at most DESIGN_TEMPLATE_MAX_PER_ACCOUNT each. */
@Injectable()
export class DesignTemplatesService {
  constructor(
    private readonly db: DataSource,
    private readonly codes: CodesService,
  ) {}

  async list(userId: string): Promise<DesignTemplateView[]> {
    if (!UUID.test(userId)) return [];
    const rows: TemplateRow[] = await this.db.query(
      `SELECT id, name, design, created_at AS "createdAt" FROM qr.design_templates WHERE owner_id = $1 ORDER BY created_at DESC, id`,
      [userId],
    );
    return rows.map(toView);
  }

  async create(input: QrRequests[QrPattern.CreateDesignTemplate]['req']): Promise<DesignTemplateView> {
    const nameProblem = designTemplateNameProblem(input.name);
    if (nameProblem) throw invalid('name', nameProblem);
    if (input.design === undefined && input.codeId === undefined) throw invalid('design', DESIGN_TEMPLATE_MESSAGES.source);
    const code = input.codeId === undefined ? null : await this.codes.require(input.userId, input.codeId);
    const saved = code ? storedDesign(code.design) : null;
    const design = this.check(input.design === undefined ? saved : { ...input.design, logo: saved?.logo ?? null });
    const name = input.name.trim();
    const row = await this.db.transaction(async (tx) => {
      // One creation per owner at a time, so two at once cannot both take the last place.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('qr.design_templates'), hashtext($1))`, [input.userId]);
      const [{ n }]: { n: number }[] = await tx.query(`SELECT count(*)::int AS n FROM qr.design_templates WHERE owner_id = $1`, [input.userId]);
      if (n >= DESIGN_TEMPLATE_MAX_PER_ACCOUNT) throw new DomainError(ErrorCode.Validation, DESIGN_TEMPLATE_MESSAGES.limit, { name: DESIGN_TEMPLATE_MESSAGES.limit });
      const rows: TemplateRow[] = await tx.query(
        `INSERT INTO qr.design_templates (owner_id, name, design) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING id, name, design, created_at AS "createdAt"`,
        [input.userId, name, design],
      );
      if (rows.length === 0) throw invalid('name', DESIGN_TEMPLATE_MESSAGES.nameTaken);
      return rows[0];
    });
    return toView(row);
  }

  async delete(userId: string, templateId: string): Promise<{ ok: true }> {
    if (!UUID.test(templateId)) throw new DomainError(ErrorCode.NotFound, DESIGN_TEMPLATE_MESSAGES.notFound);
    const [, deleted]: [unknown, number] = await this.db.query(`DELETE FROM qr.design_templates WHERE id = $1 AND owner_id = $2`, [templateId, userId]);
    if (deleted === 0) throw new DomainError(ErrorCode.NotFound, DESIGN_TEMPLATE_MESSAGES.notFound);
    return { ok: true };
  }

  private check(design: unknown): QrDesign {
    const checked = validateDesign(design);
    if ('errors' in checked) throw new DomainError(ErrorCode.Validation, checked.errors[0], { design: checked.errors.join(' ') });
    return checked.design;
  }
}
