import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, ErrorCode, PrintLayout, QrCodeView, QrDesignInput, QrImageFormat } from '@qrd/contracts';
import {
  normalizeLogo,
  QR_CONTENT_TYPES,
  QrDesign,
  QrRenderer,
  QrRenderingError,
  QrRenderingErrorCode,
  renderCacheKey,
  validateDesign,
} from '../rendering';
import { shortUrl, storedDesign } from '../codes/code.record';
import { CodeUpdatesService } from '../codes/code-updates.service';
import { CodesService } from '../codes/codes.service';
import { RenderCache } from './render-cache';

const PREVIEW_SIZE = 512;
const EXTENSIONS: Record<QrImageFormat, string> = { png: 'png', svg: 'svg', pdf: 'pdf' };

export interface CodeImageFile {
  etag: string;
  fileName: string;
  contentType: string;
  /** Null when the caller's If-None-Match already names this rendering. */
  body: Buffer | null;
  /** True when this answer cost a render (not a revalidation, not the render cache). */
  rendered: boolean;
}

/** A rendering problem is the caller's to fix: it becomes a validation error with its reasons. */
function asDomainError(error: unknown): unknown {
  if (!(error instanceof QrRenderingError)) return error;
  const field = error.code === QrRenderingErrorCode.InvalidLogo ? 'logo' : error.code === QrRenderingErrorCode.InvalidDesign ? 'design' : 'size';
  return new DomainError(ErrorCode.Validation, error.details[0] ?? error.message, { [field]: error.details.join(' ') });
}

/** Designs, logos and the images of codes: previews, downloads (with ETags) and a render cache. */
@Injectable()
export class CodeImagesService {
  private readonly renderer = new QrRenderer();
  private readonly cache = new RenderCache(64 * 1024 * 1024);

  constructor(
    private readonly service: CodesService,
    private readonly updates: CodeUpdatesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Colours, error correction, margin and dot style; the logo stays as it is. */
  async updateDesign(userId: string, codeId: string, input: QrDesignInput, unchangedSince?: string): Promise<QrCodeView> {
    const code = await this.service.require(userId, codeId);
    const design = this.check({ ...input, logo: storedDesign(code.design).logo });
    return this.saveDesign(userId, codeId, design, unchangedSince);
  }

  /** Uploads (normalised to a small PNG, which forces error correction H) or removes the logo. */
  async setLogo(userId: string, codeId: string, logoBase64: string | null): Promise<QrCodeView> {
    const code = await this.service.require(userId, codeId);
    let logo = null;
    if (logoBase64 !== null) {
      try {
        logo = await normalizeLogo(Buffer.from(logoBase64, 'base64'));
      } catch (error) {
        throw asDomainError(error);
      }
    }
    return this.saveDesign(userId, codeId, this.check({ ...storedDesign(code.design), logo }));
  }

  /** The saved design, or a proposed one (the editor's live preview), as a PNG. */
  async preview(userId: string, codeId: string, proposed?: QrDesignInput): Promise<Buffer> {
    const code = await this.service.require(userId, codeId);
    const saved = storedDesign(code.design);
    const design = proposed ? this.check({ ...proposed, logo: saved.logo }) : saved;
    return this.render(shortUrl(this.config.publicBaseUrl, code.slug, code.domainHost), design, 'png', PREVIEW_SIZE);
  }

  /** The ETag is known before rendering, so a revalidation costs no render at all. */
  async download(
    userId: string,
    codeId: string,
    format: QrImageFormat,
    size: number,
    ifNoneMatch?: string,
    print: PrintLayout | null = null,
  ): Promise<CodeImageFile> {
    const code = await this.service.require(userId, codeId);
    if (code.downloadedAt === null) await this.service.markDownloaded(code.id);
    const text = shortUrl(this.config.publicBaseUrl, code.slug, code.domainHost);
    const design = storedDesign(code.design);
    const key = renderCacheKey(text, design, format, size, print);
    const etag = `"${key}"`;
    const head = { etag, fileName: `qrcode-${code.id}.${EXTENSIONS[format]}`, contentType: QR_CONTENT_TYPES[format] };
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
      return { ...head, body: null, rendered: false };
    }
    const cached = this.cache.get(key);
    if (cached) return { ...head, body: cached, rendered: false };
    return { ...head, body: await this.render(text, design, format, size, print), rendered: true };
  }

  private async saveDesign(userId: string, codeId: string, design: QrDesign, unchangedSince?: string): Promise<QrCodeView> {
    return this.service.view(await this.updates.change(userId, codeId, { design }, { webhook: false, unchangedSince }));
  }

  private check(design: unknown): QrDesign {
    const checked = validateDesign(design);
    if ('errors' in checked) {
      throw new DomainError(ErrorCode.Validation, checked.errors[0], { design: checked.errors.join(' ') });
    }
    return checked.design;
  }

  private async render(text: string, design: QrDesign, format: QrImageFormat, size: number, print: PrintLayout | null = null): Promise<Buffer> {
    const key = renderCacheKey(text, design, format, size, print);
    const cached = this.cache.get(key);
    if (cached) return cached;
    try {
      const { body } = print ? await this.renderer.renderPrintPdf(text, design, print) : await this.renderer.render(text, design, format, size);
      this.cache.set(key, body);
      return body;
    } catch (error) {
      throw asDomainError(error);
    }
  }
}
