import type { MailMessage } from '@qrd/contracts';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">${body}<p style="color:#666;font-size:12px;margin-top:32px">QR Dynamic</p></body></html>`;
}

export function passwordResetMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your QR Dynamic password',
    text:
      `Hello ${username},\n\nSomeone asked to reset the password of your QR Dynamic account. ` +
      `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
      `If it wasn't you, ignore this mail: your password stays as it is.\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>Someone asked to reset the password of your QR Dynamic account. ` +
        `To choose a new password, open this link within one hour:</p>` +
        `<p><a href="${escape(link)}">Reset my password</a></p><p style="word-break:break-all">${escape(link)}</p>` +
        `<p>If it wasn't you, ignore this mail: your password stays as it is.</p>`,
    ),
  };
}

export function contactMail(to: string, from: { name: string; email: string; message: string }): MailMessage {
  // A name is one line: it cannot fake further header-looking lines in the subject or the body.
  const name = from.name.replace(/\s+/g, ' ').trim();
  return {
    to,
    replyTo: from.email,
    subject: `Contact form: ${name}`,
    text: `From: ${name} <${from.email}>\n\n${from.message}\n`,
    html: layout(
      `<p><strong>From:</strong> ${escape(name)} &lt;${escape(from.email)}&gt;</p>` +
        `<p style="white-space:pre-wrap">${escape(from.message)}</p>`,
    ),
  };
}

export function takedownMail(
  to: string,
  username: string,
  code: { name: string; shortUrl: string; destination: string; reason: string; contactUrl: string },
): MailMessage {
  return {
    to,
    subject: `Your QR code "${code.name.replace(/\s+/g, ' ').trim()}" has been disabled`,
    text:
      `Hello ${username},\n\nWe have disabled your QR code "${code.name}" (${code.shortUrl}), which led to ${code.destination}.\n\n` +
      `Reason: ${code.reason}\n\n` +
      `People who scan it now see a page saying the code has been disabled. If you think this is a mistake, ` +
      `reply through our contact page (${code.contactUrl}) and a person will look at it again.\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>We have disabled your QR code <strong>${escape(code.name)}</strong> ` +
        `(<span style="word-break:break-all">${escape(code.shortUrl)}</span>), which led to ` +
        `<span style="word-break:break-all">${escape(code.destination)}</span>.</p>` +
        `<p><strong>Reason:</strong> ${escape(code.reason)}</p>` +
        `<p>People who scan it now see a page saying the code has been disabled. If you think this is a mistake, ` +
        `write to us through our <a href="${escape(code.contactUrl)}">contact page</a> and a person will look at it again.</p>`,
    ),
  };
}

/** An endpoint stopped receiving webhooks: the owner learns why and where to turn it on again. */
export function webhookDisabledMail(
  to: string,
  username: string,
  endpoint: { url: string; failures: number; accountUrl: string },
): MailMessage {
  return {
    to,
    subject: 'A webhook endpoint of your QR Dynamic account has been disabled',
    text:
      `Hello ${username},\n\nWe have stopped sending webhooks to ${endpoint.url}: the last ${endpoint.failures} events could not be ` +
      `delivered there, each after retries for about a day.\n\nThe delivery log in your account shows what the endpoint answered. ` +
      `Once it works again, enable it on ${endpoint.accountUrl}.\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>We have stopped sending webhooks to <span style="word-break:break-all">${escape(endpoint.url)}</span>: ` +
        `the last ${endpoint.failures} events could not be delivered there, each after retries for about a day.</p>` +
        `<p>The delivery log in your account shows what the endpoint answered. Once it works again, ` +
        `<a href="${escape(endpoint.accountUrl)}">enable it in your account</a>.</p>`,
    ),
  };
}

/** To the members who manage a workspace's custom domains: one stopped working as it should. */
export function domainNoticeMail(
  to: string,
  username: string,
  notice: { hostname: string; state: 'misconfigured' | 'disabled'; reason: string; disablesAt: Date | null; byAdmin: boolean; domainsUrl: string },
): MailMessage {
  const what =
    notice.state === 'misconfigured'
      ? `We could no longer find the DNS records of your custom domain ${notice.hostname} (${notice.reason}). Its short links keep working` +
        (notice.disablesAt ? ` until ${notice.disablesAt.toUTCString()}` : '') +
        `; after that they stop until the records are back.`
      : notice.byAdmin
        ? `An administrator of QR Dynamic disabled your custom domain ${notice.hostname}: ${notice.reason}. Its short links answer "not found" until it is enabled again; reply to this mail or contact us if you think this is a mistake.`
        : `Your custom domain ${notice.hostname} has been disabled: its DNS records stayed missing (${notice.reason}). Its short links answer "not found" until the records are back and the domain is verified again.`;
  return {
    to,
    subject: notice.state === 'misconfigured' ? `Your custom domain ${notice.hostname} needs attention` : `Your custom domain ${notice.hostname} has been disabled`,
    text: `Hello ${username},\n\n${what}\n\nSee its records and check it again on ${notice.domainsUrl}.\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>${escape(what)}</p><p><a href="${escape(notice.domainsUrl)}">See its records and check it again</a>.</p>`,
    ),
  };
}

/** To the address being replaced: the owner hears of the change before it takes effect. */
export function emailChangeRequestedMail(to: string, username: string, newEmail: string, publicBaseUrl: string): MailMessage {
  return {
    to,
    subject: 'Your QR Dynamic email address is being changed',
    text:
      `Hello ${username},\n\nSomeone signed in to your QR Dynamic account asked to change its email address to ${newEmail}. ` +
      `Nothing changes until the new address is confirmed by the link we sent there; until then this address ` +
      `stays the one for sign-in and password resets.\n\n` +
      `If it wasn't you, change your password now (${publicBaseUrl}/account?tab=security) and cancel the change ` +
      `on your account page, or reset your password from ${publicBaseUrl}/reset-password-request.\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>Someone signed in to your QR Dynamic account asked to change its email address to ` +
        `<strong>${escape(newEmail)}</strong>. Nothing changes until the new address is confirmed by the link we sent there; ` +
        `until then this address stays the one for sign-in and password resets.</p>` +
        `<p>If it wasn't you, <a href="${escape(publicBaseUrl)}/account?tab=security">change your password now</a> and cancel the change ` +
        `on your account page, or <a href="${escape(publicBaseUrl)}/reset-password-request">reset your password</a>.</p>`,
    ),
  };
}

/** To the new address: the link that makes it the account's email. */
export function confirmEmailMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new QR Dynamic email address',
    text:
      `Hello ${username},\n\nTo make this the email address of your QR Dynamic account, open this link within 24 hours:\n\n${link}\n\n` +
      `If you did not ask for this, ignore this mail: nothing changes.\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>To make this the email address of your QR Dynamic account, open this link within 24 hours:</p>` +
        `<p><a href="${escape(link)}">Confirm my email address</a></p><p style="word-break:break-all">${escape(link)}</p>` +
        `<p>If you did not ask for this, ignore this mail: nothing changes.</p>`,
    ),
  };
}

/** To the address of an account just deleted (by its owner, or by an admin). */
export function accountDeletedMail(to: string, username: string, byAdmin: boolean, publicBaseUrl: string): MailMessage {
  const who = byAdmin ? 'An administrator deleted your QR Dynamic account' : 'Your QR Dynamic account has been deleted, as you asked';
  const what =
    'Your subscription was cancelled at once and will not renew, your QR codes stopped working, and your profile, ' +
    'codes and scan data were erased. Billing records are kept only as long as tax law requires.';
  return {
    to,
    subject: 'Your QR Dynamic account has been deleted',
    text: `Hello ${username},\n\n${who}.\n\n${what}\n\nIf you did not expect this, write to us: ${publicBaseUrl}/contact\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>${escape(who)}.</p><p>${escape(what)}</p>` +
        `<p>If you did not expect this, <a href="${escape(publicBaseUrl)}/contact">write to us</a>.</p>`,
    ),
  };
}

/** The data export is built: where to download it, for how long, and that only the owner can. */
export function dataExportReadyMail(to: string, username: string, links: { download: string; account: string }, expiresAt: Date): MailMessage {
  const until = expiresAt.toUTCString();
  return {
    to,
    subject: 'Your QR Dynamic data export is ready',
    text:
      `Hello ${username},\n\nThe export of your QR Dynamic data you asked for is ready: a ZIP with your profile, ` +
      `billing records, QR codes and their scans.\n\nDownload it (sign in first; the link works only for you): ${links.download}\n\n` +
      `It can be downloaded until ${until}, then it is deleted. You can also find it on your account page: ${links.account}\n\n` +
      `If you did not ask for this, change your password: ${links.account}\n`,
    html: layout(
      `<p>Hello ${escape(username)},</p><p>The export of your QR Dynamic data you asked for is ready: a ZIP with your profile, ` +
        `billing records, QR codes and their scans.</p>` +
        `<p><a href="${escape(links.download)}">Download your data</a> (sign in first; the link works only for you).</p>` +
        `<p>It can be downloaded until ${escape(until)}, then it is deleted. You can also find it on ` +
        `<a href="${escape(links.account)}">your account page</a>.</p>` +
        `<p>If you did not ask for this, change your password.</p>`,
    ),
  };
}

/** An invitation to a workspace: who invites, to which workspace and role, and the single-use link. */
export function workspaceInvitationMail(
  to: string,
  invitation: { inviter: string; workspace: string; role: string; link: string; expiresAt: Date },
): MailMessage {
  const until = invitation.expiresAt.toUTCString();
  const what = `${invitation.inviter} invited you to the workspace "${invitation.workspace}" on QR Dynamic, as ${invitation.role}.`;
  return {
    to,
    subject: `${invitation.inviter} invited you to ${invitation.workspace} on QR Dynamic`,
    text:
      `Hello,\n\n${what}\n\nTo join, open this link (it works once, until ${until}) and sign in with the account of ` +
      `this address.\n\n${invitation.link}\n\n` +
      `If you did not expect this, ignore this mail: nothing happens without the link.\n`,
    html: layout(
      `<p>Hello,</p><p>${escape(what)}</p>` +
        `<p>To join, open this link (it works once, until ${escape(until)}) and sign in with the account of this address.</p>` +
        `<p><a href="${escape(invitation.link)}">Join ${escape(invitation.workspace)}</a></p><p style="word-break:break-all">${escape(invitation.link)}</p>` +
        `<p>If you did not expect this, ignore this mail: nothing happens without the link.</p>`,
    ),
  };
}
