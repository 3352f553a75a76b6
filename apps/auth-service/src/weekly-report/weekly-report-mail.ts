import type { Language, MailMessage, PercentChange } from '@qrd/contracts';
import { hello, paragraph } from '../mail/compose';
import { escapeHtml, MailText, mailText } from '../mail/i18n/mail-text';

export interface WeeklyReportFigures {
  from: string;
  to: string;
  /** The zone the week ran in (Monday to Sunday there). */
  timeZone: string;
  scans: number;
  uniqueScans: number;
  previousScans: number;
  change: PercentChange;
  topCodes: { name: string; scans: number; change: PercentChange }[];
  dashboardUrl: string;
  unsubscribeUrl: string;
}

/** "+25% on the week before", "new this week" (nothing the week before), "same as the week before", in the reader's language. */
export function changeWords(t: MailText, change: PercentChange): string {
  if (change === 'new') return t.text('weekly.change.new');
  if (change === 0) return t.text('weekly.change.same');
  return t.text('weekly.change.percent', { percent: t.percent(change) });
}

/** The weekly scans report, in the reader's language: totals, the change on the week before, the top codes, and how to stop it. */
export function weeklyReportMail(to: string, username: string, report: WeeklyReportFigures, language?: Language | null): MailMessage {
  const t = mailText(language);
  const topCode = (c: WeeklyReportFigures['topCodes'][number]) => ({ name: c.name.replace(/\s+/g, ' '), scans: c.scans, change: changeWords(t, c.change) });
  const top = report.topCodes.length
    ? {
        text: `${t.text('weekly.top')}\n${report.topCodes.map((c, n) => `${n + 1}. ${t.text('weekly.topCode', topCode(c))}`).join('\n')}`,
        html: `<p>${t.html('weekly.top')}</p><ol>${report.topCodes.map((c) => `<li>${t.html('weekly.topCode', topCode(c))}</li>`).join('')}</ol>`,
      }
    : paragraph(t, 'weekly.none');
  const figures = {
    text: `${t.text('weekly.scans', scansValues(t, report))}\n${t.text('weekly.unique', { unique: t.number(report.uniqueScans) })}`,
    html: `<p>${t.html('weekly.scans', scansValues(t, report))}<br>${t.html('weekly.unique', { unique: t.number(report.uniqueScans) })}</p>`,
  };
  const blocks = [
    hello(t, username),
    paragraph(t, 'weekly.period', { from: t.day(`${report.from}T00:00:00Z`), to: t.day(`${report.to}T00:00:00Z`), timeZone: report.timeZone }),
    figures,
    top,
    paragraph(t, 'weekly.dashboard', {}, { link: report.dashboardUrl }),
  ];
  return {
    to,
    subject: t.text('weekly.subject', { scans: report.scans }),
    headers: { 'List-Unsubscribe': `<${report.unsubscribeUrl}>` },
    text: [...blocks.map((block) => block.text), `${t.text('weekly.why')} ${t.text('weekly.stop', { url: report.unsubscribeUrl })}`].join('\n\n') + '\n',
    // Why it came, and the way to stop it, in the small print under the body.
    html: t.document(
      blocks.map((block) => block.html).join(''),
      `${t.html('weekly.why')} <a href="${escapeHtml(report.unsubscribeUrl)}">${t.html('weekly.unsubscribe')}</a>`,
    ),
  };
}

function scansValues(t: MailText, report: WeeklyReportFigures) {
  return { scans: t.number(report.scans), change: changeWords(t, report.change), previous: t.number(report.previousScans) };
}
