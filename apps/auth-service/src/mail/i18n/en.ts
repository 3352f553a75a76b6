/**
 * Every word of the mail the product sends, in ICU message format (docs/languages.md). English is
 * the source: every other language holds every key (the type says so), and `catalogue.spec.ts`
 * checks each message parses, keeps the English one's placeholders and tags, and is translated.
 *
 * Placeholders are filled with text (a name, an address, an amount already formatted) or a number
 * (plurals). Tags mark what the HTML part emphasises or links: `<b>` is bold, a link tag wraps the
 * words of a link (the plain-text part writes its address after them, in parentheses).
 */
export const MAIL_MESSAGES_EN = {
  brand: 'QR Dynamic',
  hello: 'Hello {name},',
  helloAnonymous: 'Hello,',
  linkLine: '{label}: {url}',

  'passwordReset.subject': 'Reset your QR Dynamic password',
  'passwordReset.intro': 'Someone asked to reset the password of your QR Dynamic account. To choose a new password, open this link within one hour:',
  'passwordReset.button': 'Reset my password',
  'passwordReset.ignore': "If it wasn't you, ignore this mail: your password stays as it is.",

  'contact.subject': 'Contact form: {name}',
  'contact.from': '<b>From:</b> {sender}',

  'takedown.subject': 'Your QR code "{name}" has been disabled',
  'takedown.what': 'We have disabled your QR code "<b>{name}</b>" ({shortUrl}), which led to {destination}.',
  'takedown.reason': '<b>Reason:</b> {reason}',
  'takedown.appeal':
    'People who scan it now see a page saying the code has been disabled. If you think this is a mistake, write to us through our <link>contact page</link> and a person will look at it again.',

  'webhook.subject': 'A webhook endpoint of your QR Dynamic account has been disabled',
  'webhook.what':
    'We have stopped sending webhooks to {url}: {failures, plural, one {the last event could not be delivered there, after retries for about a day} other {the last # events could not be delivered there, each after retries for about a day}}.',
  'webhook.enable': 'The delivery log in your account shows what the endpoint answered. Once it works again, <link>enable it in your account</link>.',

  'domain.subject.misconfigured': 'Your custom domain {hostname} needs attention',
  'domain.subject.disabled': 'Your custom domain {hostname} has been disabled',
  'domain.misconfigured':
    'We could no longer find the DNS records of your custom domain {hostname} ({reason}). Its short links keep working until {until}; after that they stop until the records are back.',
  'domain.misconfiguredForNow':
    'We could no longer find the DNS records of your custom domain {hostname} ({reason}). Its short links keep working for now; after that they stop until the records are back.',
  'domain.disabledByAdmin':
    'An administrator of QR Dynamic disabled your custom domain {hostname}: {reason}. Its short links answer "not found" until it is enabled again; reply to this mail or contact us if you think this is a mistake.',
  'domain.disabled':
    'Your custom domain {hostname} has been disabled: its DNS records stayed missing ({reason}). Its short links answer "not found" until the records are back and the domain is verified again.',
  'domain.check': '<link>See its records and check it again</link>.',

  'emailChange.subject': 'Your QR Dynamic email address is being changed',
  'emailChange.what':
    'Someone signed in to your QR Dynamic account asked to change its email address to <b>{newEmail}</b>. Nothing changes until the new address is confirmed by the link we sent there; until then this address stays the one for sign-in and password resets.',
  'emailChange.notYou':
    "If it wasn't you, <passwordLink>change your password now</passwordLink> and cancel the change on your account page, or <resetLink>reset your password</resetLink>.",

  'confirmEmail.subject': 'Confirm your new QR Dynamic email address',
  'confirmEmail.intro': 'To make this the email address of your QR Dynamic account, open this link within 24 hours:',
  'confirmEmail.button': 'Confirm my email address',
  'confirmEmail.ignore': 'If you did not ask for this, ignore this mail: nothing changes.',

  'accountDeleted.subject': 'Your QR Dynamic account has been deleted',
  'accountDeleted.byAdmin': 'An administrator deleted your QR Dynamic account.',
  'accountDeleted.byOwner': 'Your QR Dynamic account has been deleted, as you asked.',
  'accountDeleted.what':
    'Your subscription was cancelled at once and will not renew, your QR codes stopped working, and your profile, codes and scan data were erased. Billing records are kept only as long as tax law requires.',
  'accountDeleted.contact': 'If you did not expect this, <link>write to us</link>.',

  'dataExport.subject': 'Your QR Dynamic data export is ready',
  'dataExport.ready': 'The export of your QR Dynamic data you asked for is ready: a ZIP with your profile, billing records, QR codes and their scans.',
  'dataExport.signIn': 'Sign in first to download it; the link works only for you:',
  'dataExport.button': 'Download your data',
  'dataExport.until': 'It can be downloaded until {until}, then it is deleted. You can also find it on <link>your account page</link>.',
  'dataExport.notYou': 'If you did not ask for this, <link>change your password</link>.',

  'invitation.subject': '{inviter} invited you to {workspace} on QR Dynamic',
  'invitation.what': '{inviter} invited you to the workspace "{workspace}" on QR Dynamic, as {role}.',
  'invitation.join': 'To join, open this link (it works once, until {until}) and sign in with the account of this address.',
  'invitation.button': 'Join {workspace}',
  'invitation.ignore': 'If you did not expect this, ignore this mail: nothing happens without the link.',
  'invitation.personalWorkspace': "{owner}'s workspace",
  'role.owner': 'owner',
  'role.admin': 'admin',
  'role.editor': 'editor',
  'role.viewer': 'viewer',
  'role.billing': 'billing manager',

  'billing.periodEnd': 'the end of the current period',
  'billing.card': '{brand} ending in {last4}',
  'billing.cardOnFile': 'your card on file',
  'billing.receipt.subject': 'Your QR Dynamic receipt {invoice}: {total}',
  'billing.receipt.thanks': 'Thank you for your payment of {total} on {date} (invoice {invoice}).',
  'billing.receipt.line': '{description}: {amount}',
  'billing.receipt.pdf': 'The invoice, as a PDF, is in your account.',
  'billing.receipt.link': 'Your invoices',
  'billing.paymentFailed.subject': 'Your QR Dynamic payment failed',
  'billing.paymentFailed.what': 'We could not charge your card {amount} for the renewal of your {seats, plural, one {# QR code} other {# QR codes}}.',
  'billing.paymentFailed.retry':
    'Your codes keep redirecting while we try again over the next days. Please update your payment method so the renewal can be paid.',
  'billing.paymentFailed.link': 'Update your payment method',
  'billing.renewal.subject': 'Your QR Dynamic subscription renews on {date}',
  'billing.renewal.what':
    'Your annual subscription renews on {date}: {seats, plural, one {# QR code} other {# QR codes}} at {unitAmount} per year, {amount} in all, charged to {card}.',
  'billing.renewal.change': 'To change your plan or cancel before then, go to your account.',
  'billing.subscriptionLink': 'Your subscription',
  'billing.cancelled.subject': 'Your QR Dynamic subscription is cancelled',
  'billing.cancelled.what':
    'Your subscription is cancelled: nothing more will be charged. Your {seats, plural, one {# QR code keeps} other {# QR codes keep}} working until {date}, then stop redirecting.',
  'billing.cancelled.resume': 'Changed your mind? Resume the subscription from your account before then.',
  'billing.ended.subject': 'Your QR Dynamic subscription has ended',
  'billing.ended.what':
    'Your subscription has ended and your {seats, plural, one {# QR code} other {# QR codes}} stopped redirecting: scans now show a page saying the code is not active.',
  'billing.ended.again': 'Subscribe again at any time to bring every code back.',
  'billing.ended.link': 'Subscribe again',
  'billing.restored.subject': 'Your QR Dynamic codes are working again',
  'billing.restored.what': 'Your subscription is active again and your {seats, plural, one {# QR code redirects} other {# QR codes redirect}} again.',

  'weekly.subject': 'Your QR codes this week: {scans, plural, one {# scan} other {# scans}}',
  'weekly.period': 'Your QR codes from {from} - {to} ({timeZone}):',
  'weekly.scans': '<b>Scans: {scans}</b> ({change}; {previous} the week before)',
  'weekly.unique': 'Unique scanners: {unique}',
  'weekly.top': 'Top codes:',
  'weekly.topCode': '{name}: {scans, plural, one {# scan} other {# scans}} ({change})',
  'weekly.none': 'None of your codes was scanned this week.',
  'weekly.change.new': 'new this week',
  'weekly.change.same': 'same as the week before',
  'weekly.change.percent': '{percent} on the week before',
  'weekly.dashboard': '<link>See all your figures</link>',
  'weekly.why': 'You get this mail because you turned on the weekly report.',
  'weekly.stop': 'To stop it: {url}',
  'weekly.unsubscribe': 'Unsubscribe',
} as const;

export type MailMessageKey = keyof typeof MAIL_MESSAGES_EN;
export type MailCatalogue = Record<MailMessageKey, string>;
