import type { Language, MailMessage, WorkspaceRole } from '@qrd/contracts';
import { button, compose, hello, paragraph, verbatim } from './compose';
import { mailText } from './i18n/mail-text';

/**
 * Transactional mail, in the recipient's language (`language`: their account's; English when
 * none is chosen). Every word comes from the mail catalogue (i18n/).
 */

/** A name is one line: it cannot fake further header-looking lines in a subject or the body. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function passwordResetMail(to: string, username: string, link: string, language?: Language | null): MailMessage {
  const t = mailText(language);
  return compose(t, to, t.text('passwordReset.subject'), [
    hello(t, username),
    paragraph(t, 'passwordReset.intro'),
    button(t.text('passwordReset.button'), link),
    paragraph(t, 'passwordReset.ignore'),
  ]);
}

/** The contact form's message, to the team (in English, the team's language). */
export function contactMail(to: string, from: { name: string; email: string; message: string }): MailMessage {
  const t = mailText('en');
  const name = oneLine(from.name);
  return compose(t, to, t.text('contact.subject', { name }), [paragraph(t, 'contact.from', { sender: `${name} <${from.email}>` }), verbatim(from.message)], {
    replyTo: from.email,
  });
}

export function takedownMail(
  to: string,
  username: string,
  code: { name: string; shortUrl: string; destination: string; reason: string; contactUrl: string },
  language?: Language | null,
): MailMessage {
  const t = mailText(language);
  return compose(t, to, t.text('takedown.subject', { name: oneLine(code.name) }), [
    hello(t, username),
    paragraph(t, 'takedown.what', { name: code.name, shortUrl: code.shortUrl, destination: code.destination }),
    paragraph(t, 'takedown.reason', { reason: code.reason }),
    paragraph(t, 'takedown.appeal', {}, { link: code.contactUrl }),
  ]);
}

/** An endpoint stopped receiving webhooks: the owner learns why and where to turn it on again. */
export function webhookDisabledMail(
  to: string,
  username: string,
  endpoint: { url: string; failures: number; accountUrl: string },
  language?: Language | null,
): MailMessage {
  const t = mailText(language);
  return compose(t, to, t.text('webhook.subject'), [
    hello(t, username),
    paragraph(t, 'webhook.what', { url: endpoint.url, failures: endpoint.failures }),
    paragraph(t, 'webhook.enable', {}, { link: endpoint.accountUrl }),
  ]);
}

/** To the members who manage a workspace's custom domains: one stopped working as it should. */
export function domainNoticeMail(
  to: string,
  username: string,
  notice: { hostname: string; state: 'misconfigured' | 'disabled'; reason: string; disablesAt: Date | null; byAdmin: boolean; domainsUrl: string },
  language?: Language | null,
): MailMessage {
  const t = mailText(language);
  const values = { hostname: notice.hostname, reason: notice.reason };
  const what =
    notice.state === 'misconfigured'
      ? notice.disablesAt
        ? paragraph(t, 'domain.misconfigured', { ...values, until: t.moment(notice.disablesAt) })
        : paragraph(t, 'domain.misconfiguredForNow', values)
      : paragraph(t, notice.byAdmin ? 'domain.disabledByAdmin' : 'domain.disabled', values);
  const subject = t.text(notice.state === 'misconfigured' ? 'domain.subject.misconfigured' : 'domain.subject.disabled', { hostname: notice.hostname });
  return compose(t, to, subject, [hello(t, username), what, paragraph(t, 'domain.check', {}, { link: notice.domainsUrl })]);
}

/** To the address being replaced: the owner hears of the change before it takes effect. */
export function emailChangeRequestedMail(to: string, username: string, newEmail: string, publicBaseUrl: string, language?: Language | null): MailMessage {
  const t = mailText(language);
  return compose(t, to, t.text('emailChange.subject'), [
    hello(t, username),
    paragraph(t, 'emailChange.what', { newEmail }),
    paragraph(t, 'emailChange.notYou', {}, { passwordLink: `${publicBaseUrl}/account?tab=security`, resetLink: `${publicBaseUrl}/reset-password-request` }),
  ]);
}

/** To the new address: the link that makes it the account's email. */
export function confirmEmailMail(to: string, username: string, link: string, language?: Language | null): MailMessage {
  const t = mailText(language);
  return compose(t, to, t.text('confirmEmail.subject'), [
    hello(t, username),
    paragraph(t, 'confirmEmail.intro'),
    button(t.text('confirmEmail.button'), link),
    paragraph(t, 'confirmEmail.ignore'),
  ]);
}

/** To the address of an account just deleted (by its owner, or by an admin). */
export function accountDeletedMail(to: string, username: string, byAdmin: boolean, publicBaseUrl: string, language?: Language | null): MailMessage {
  const t = mailText(language);
  return compose(t, to, t.text('accountDeleted.subject'), [
    hello(t, username),
    paragraph(t, byAdmin ? 'accountDeleted.byAdmin' : 'accountDeleted.byOwner'),
    paragraph(t, 'accountDeleted.what'),
    paragraph(t, 'accountDeleted.contact', {}, { link: `${publicBaseUrl}/contact` }),
  ]);
}

/** The data export is built: where to download it, for how long, and that only the owner can. */
export function dataExportReadyMail(
  to: string,
  username: string,
  links: { download: string; account: string },
  expiresAt: Date,
  language?: Language | null,
): MailMessage {
  const t = mailText(language);
  return compose(t, to, t.text('dataExport.subject'), [
    hello(t, username),
    paragraph(t, 'dataExport.ready'),
    paragraph(t, 'dataExport.signIn'),
    button(t.text('dataExport.button'), links.download),
    paragraph(t, 'dataExport.until', { until: t.moment(expiresAt) }, { link: links.account }),
    paragraph(t, 'dataExport.notYou', {}, { link: links.account }),
  ]);
}

/**
 * An invitation to a workspace: who invites, to which workspace and role, and the single-use link.
 * `personalOf`: the owner's username when the workspace is someone's personal one (it is then
 * named after them, in the reader's language).
 */
export function workspaceInvitationMail(
  to: string,
  invitation: { inviter: string; workspace: string; personalOf?: string | null; role: string; link: string; expiresAt: Date },
  language?: Language | null,
): MailMessage {
  const t = mailText(language);
  const workspace = invitation.personalOf ? t.text('invitation.personalWorkspace', { owner: invitation.personalOf }) : invitation.workspace;
  const role = ROLE_KEYS[invitation.role as WorkspaceRole];
  const values = { inviter: invitation.inviter, workspace, role: role ? t.text(role) : invitation.role };
  return compose(t, to, t.text('invitation.subject', { inviter: oneLine(invitation.inviter), workspace: oneLine(workspace) }), [
    hello(t),
    paragraph(t, 'invitation.what', values),
    paragraph(t, 'invitation.join', { until: t.moment(invitation.expiresAt) }),
    button(t.text('invitation.button', { workspace }), invitation.link),
    paragraph(t, 'invitation.ignore'),
  ]);
}

const ROLE_KEYS = {
  owner: 'role.owner',
  admin: 'role.admin',
  editor: 'role.editor',
  viewer: 'role.viewer',
  billing: 'role.billing',
} as const satisfies Record<WorkspaceRole, string>;
