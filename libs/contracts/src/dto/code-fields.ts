/**
 * A code's name and destination: their limits, messages and checks. A leaf of the contracts (it
 * imports nothing), so the campaign and content settings can check their addresses the same way.
 */

export const QR_NAME_MAX_LENGTH = 100;
export const QR_DESTINATION_MAX_LENGTH = 2048;

export const QR_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long',
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid URL. Include https:// at the beginning.',
  urlTooLong: `The URL is too long: use at most ${QR_DESTINATION_MAX_LENGTH} characters.`,
  urlCredentials: 'The URL must not contain a username or password.',
  urlOwnRedirect: 'The URL cannot be one of our own QR code short links.',
  urlPrivateNetwork: 'The URL points to a private or local network address, which scanners cannot reach. Use a public web address.',
  category: 'Category must be one of business, event, product, restaurant, retail, real-estate, healthcare, education, personal or other',
  colour: 'Colours must be hex colours like #1a2b3c',
  subscriptionRequired: 'Subscription Required: subscribe to create QR codes.',
  noFreeSeat: 'Every QR code in your subscription is in use. Add one more QR code to your subscription first.',
} as const;

/** Why a name is refused, or null when it is fine. */
export function codeNameProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return QR_MESSAGES.nameRequired;
  if (value.trim().length > QR_NAME_MAX_LENGTH) return QR_MESSAGES.nameTooLong;
  return null;
}

/**
 * Names that mean "this machine" whatever DNS says (RFC 6761 and the usual /etc/hosts entries):
 * compared lower case, without a trailing dot.
 */
export function isLoopbackHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return /^(localhost|localhost\.localdomain|localhost6|localhost6\.localdomain6|ip6-localhost|ip6-loopback)$/.test(name) || name.endsWith('.localhost');
}

/**
 * Why a destination is refused, or null: http(s) only, at most 2048 characters, no credentials.
 * (That it is not our own redirect host needs the server's configuration: the qr-service checks it.)
 */
export function destinationProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return QR_MESSAGES.urlRequired;
  const text = value.trim();
  if (text.length > QR_DESTINATION_MAX_LENGTH) return QR_MESSAGES.urlTooLong;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return QR_MESSAGES.urlInvalid;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /\s/.test(text)) {
    return QR_MESSAGES.urlInvalid;
  }
  // "example" alone is a valid URL host but never a public site; a dot (or an IPv6 literal) is required.
  // "localhost" passes here so that the server can say why it is refused (a local address).
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[') && !isLoopbackHostName(url.hostname)) return QR_MESSAGES.urlInvalid;
  if (url.username || url.password) return QR_MESSAGES.urlCredentials;
  if (url.href.length > QR_DESTINATION_MAX_LENGTH) return QR_MESSAGES.urlTooLong;
  return null;
}
