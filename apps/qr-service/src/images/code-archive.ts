import { Inject, Injectable } from '@nestjs/common';
import archiver from 'archiver';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { ARCHIVE_MESSAGES, DomainError, ErrorCode, QrArchiveQuery } from '@qrd/contracts';
import { QrRenderer } from '../rendering';
import { shortUrl, storedDesign } from '../codes/code.record';
import { CodesRepository } from '../codes/codes.repository';

/** Designs are read this many at a time while the archive is written: one logo each at most. */
const DESIGN_BATCH = 20;
const NAME_MAX = 60;

export interface ArchiveEntry {
  id: string;
  slug: string;
  fileName: string;
}

/** A file name a person recognises: the code's name in safe characters, else its slug. */
function baseName(name: string, slug: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+/, '')
    .slice(0, NAME_MAX)
    .replace(/[.-]+$/, '');
  return cleaned || slug;
}

/**
 * One name per code, in the order asked: its name, with the slug added when another code of the
 * archive has the same name (slugs are unique, so the names are too). Compared case-insensitively,
 * as a Windows or macOS folder would.
 */
export function archiveFileNames(codes: { id: string; slug: string; name: string }[], extension: string): ArchiveEntry[] {
  const bases = codes.map((code) => baseName(code.name, code.slug));
  const counts = new Map<string, number>();
  for (const base of bases) counts.set(base.toLowerCase(), (counts.get(base.toLowerCase()) ?? 0) + 1);
  const used = new Set<string>();
  return codes.map((code, i) => {
    let stem = (counts.get(bases[i].toLowerCase()) ?? 0) > 1 && bases[i] !== code.slug ? `${bases[i]}-${code.slug}` : bases[i];
    for (let n = 2; used.has(stem.toLowerCase()); n++) stem = `${bases[i]}-${code.slug}-${n}`;
    used.add(stem.toLowerCase());
    return { id: code.id, slug: code.slug, fileName: `${stem}.${extension}` };
  });
}

/**
 * ZIPs of codes for the bulk download: checked before any byte is sent, then written code by code
 * to the caller's stream. Each image is rendered only when the archive has room for it (archiver
 * applies the stream's back pressure), so memory stays flat for 500 codes at 4096 px.
 */
@Injectable()
export class CodeArchiveService {
  private readonly renderer = new QrRenderer();

  constructor(
    private readonly codes: CodesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The files of the archive, or NotFound when any code is not the user's live code. */
  async plan(query: QrArchiveQuery): Promise<ArchiveEntry[]> {
    const found = await this.codes.findOwnedHeads(query.userId, query.ids);
    const byId = new Map(found.map((code) => [code.id, code]));
    const missing = query.ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      throw new DomainError(ErrorCode.NotFound, ARCHIVE_MESSAGES.notFound(missing.length), { ids: ARCHIVE_MESSAGES.notFound(missing.length) });
    }
    await this.codes.markDownloaded(query.ids);
    return archiveFileNames(
      query.ids.flatMap((id) => byId.get(id) ?? []),
      query.format,
    );
  }

  /** Writes the ZIP to `out`; resolves once it is complete, rejects when it could not be (`out` is then destroyed). */
  async write(query: QrArchiveQuery, entries: ArchiveEntry[], out: Writable, cancelled: () => boolean): Promise<void> {
    // Images are compressed already (PNG, PDF); SVG text shrinks well at a low level.
    const zip = archiver('zip', { zlib: { level: query.format === 'svg' ? 6 : 1 } });
    const failed = new Promise<never>((_, reject) => zip.once('error', reject));
    failed.catch(() => undefined);
    zip.pipe(out);
    for (let start = 0; start < entries.length; start += DESIGN_BATCH) {
      const batch = entries.slice(start, start + DESIGN_BATCH);
      const rows = await this.codes.designsOf(query.userId, batch.map((entry) => entry.id));
      const designs = new Map(rows.map((row) => [row.id, row]));
      for (const entry of batch) {
        if (cancelled()) {
          zip.abort();
          return;
        }
        const row = designs.get(entry.id);
        // Deleted while the archive was being written: the file is left out rather than the whole archive lost.
        if (!row) continue;
        const text = shortUrl(this.config.publicBaseUrl, row.slug, row.domainHost);
        const design = storedDesign(row.design);
        const { body } = query.print
          ? await this.renderer.renderPrintPdf(text, design, query.print)
          : await this.renderer.render(text, design, query.format, query.size);
        zip.append(body, { name: entry.fileName });
        // Wait until archiver took this file in (it waits for the reader): one image in memory at a time.
        await Promise.race([once(zip, 'entry'), failed]);
      }
    }
    await Promise.race([zip.finalize(), failed]);
    this.logger.info({ files: entries.length, format: query.format }, 'codes archive written');
  }
}
