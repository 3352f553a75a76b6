import type { MailMessage, PercentChange } from '@qrd/contracts';

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

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const count = (n: number) => n.toLocaleString('en-US');

/** "+25% on the week before", "new this week" (nothing the week before), "same as the week before". */
export function changeWords(change: PercentChange): string {
  if (change === 'new') return 'new this week';
  if (change === 0) return 'same as the week before';
  return `${change > 0 ? '+' : ''}${change}% on the week before`;
}

const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The weekly scans report: totals, the change on the week before, the top codes, and how to stop it. */
export function weeklyReportMail(to: string, username: string, report: WeeklyReportFigures): MailMessage {
  const period = `${day(report.from)} - ${day(report.to)}`;
  const top = report.topCodes.map((c, n) => `${n + 1}. ${c.name.replace(/\s+/g, ' ')}: ${count(c.scans)} scans (${changeWords(c.change)})`);
  return {
    to,
    subject: `Your QR codes this week: ${count(report.scans)} scans`,
    headers: { 'List-Unsubscribe': `<${report.unsubscribeUrl}>` },
    text:
      `Hello ${username},\n\nYour QR codes from ${period} (${report.timeZone}):\n\n` +
      `Scans: ${count(report.scans)} (${changeWords(report.change)}; ${count(report.previousScans)} the week before)\n` +
      `Unique scanners: ${count(report.uniqueScans)}\n\n` +
      (top.length ? `Top codes:\n${top.join('\n')}\n\n` : 'None of your codes was scanned this week.\n\n') +
      `All your figures: ${report.dashboardUrl}\n\n` +
      `You get this mail because you turned on the weekly report. To stop it: ${report.unsubscribeUrl}\n`,
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">` +
      `<p>Hello ${escape(username)},</p><p>Your QR codes from ${escape(period)} (${escape(report.timeZone)}):</p>` +
      `<p><strong>Scans: ${count(report.scans)}</strong> (${escape(changeWords(report.change))}; ${count(report.previousScans)} the week before)<br>` +
      `Unique scanners: ${count(report.uniqueScans)}</p>` +
      (top.length
        ? `<p>Top codes:</p><ol>${report.topCodes
            .map((c) => `<li>${escape(c.name)}: ${count(c.scans)} scans (${escape(changeWords(c.change))})</li>`)
            .join('')}</ol>`
        : '<p>None of your codes was scanned this week.</p>') +
      `<p><a href="${escape(report.dashboardUrl)}">See all your figures</a></p>` +
      `<p style="color:#666;font-size:12px;margin-top:32px">You get this mail because you turned on the weekly report. ` +
      `<a href="${escape(report.unsubscribeUrl)}">Unsubscribe</a></p></body></html>`,
  };
}
