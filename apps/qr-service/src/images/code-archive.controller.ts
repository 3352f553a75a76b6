import { Body, Inject, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LOGGER, Logger } from '@qrd/config';
import { ARCHIVE_MIN_PX, archiveRequest, DomainError, PRINT_MAX_PT, ErrorCode, QrArchiveQuery, QrFileRoute } from '@qrd/contracts';
import { InternalController } from '@qrd/messaging';
import { CodeArchiveService } from './code-archive';

/** The bulk download for the gateway only (internal token): a ZIP of codes is an HTTP body, streamed. */
@InternalController()
export class CodeArchiveController {
  constructor(
    private readonly archives: CodeArchiveService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post(QrFileRoute.Archive)
  async archive(@Body() body: Partial<QrArchiveQuery>, @Res() res: Response): Promise<void> {
    const query = archiveQuery(body);
    const entries = await this.archives.plan(query);
    let gone = false;
    res.once('close', () => {
      gone = !res.writableFinished;
    });
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="qr-codes-${new Date().toISOString().slice(0, 10)}.zip"`);
    try {
      await this.archives.write(query, entries, res, () => gone);
    } catch (error) {
      // The status line is sent: a failure now can only cut the body short (a broken download).
      if (!gone) this.logger.warn({ err: error, codes: entries.length }, 'codes archive failed part way');
      res.destroy();
    }
  }
}

/** The gateway has checked the body already; checked again because the route trusts no shape. */
function archiveQuery(body: Partial<QrArchiveQuery>): QrArchiveQuery {
  const { userId, print, ids, format, size } = body;
  if (typeof userId !== 'string' || userId === '') throw new DomainError(ErrorCode.Validation, 'The user is missing');
  if (format === 'pdf') {
    // The ids are checked as for any format; the page comes as points.
    const checked = archiveRequest({ ids, format: 'png', size: ARCHIVE_MIN_PX });
    if ('message' in checked) throw new DomainError(ErrorCode.Validation, checked.message, checked.fields);
    const fits = print && print.sizePt > 0 && print.sizePt <= PRINT_MAX_PT.size + 1 && print.bleedPt >= 0 && print.bleedPt <= PRINT_MAX_PT.bleed + 1;
    if (!fits) throw new DomainError(ErrorCode.Validation, 'The print size or bleed is out of range');
    return { userId, ids: checked.request.ids, format: 'pdf', size: Math.round(print.sizePt), print: { ...print, cropMarks: print.cropMarks === true && print.bleedPt > 0 } };
  }
  const checked = archiveRequest({ ids, format, size });
  if ('message' in checked) throw new DomainError(ErrorCode.Validation, checked.message, checked.fields);
  return { userId, ...checked.request };
}
