import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from 'react-intl';
import { serverMessages } from './server-message-catalogue';

export { serverMessages };

/**
 * The server's English messages (server-message-catalogue.ts) in the user's language:
 * `translateServerMessage` finds the message for an English text and shows it translated (the text
 * itself when it is not one of ours). Exact texts are looked up; those with variable parts are
 * found by the regular expressions of PATTERNS below, which also give the placeholders' values.
 */

type Values = Record<string, string | number>;

/** A message with variable parts: the regular expression that finds it, its named groups the values. */
interface ServerPattern {
  match: RegExp;
  message: MessageDescriptor;
  /** Values from the named groups; by default each group as it is, numbers ("1,024", "0.4") as numbers. */
  values?: (groups: Record<string, string>) => Values;
  /** Groups that are themselves one of these messages (a nested problem), shown translated. */
  nested?: string[];
}

const m = serverMessages;

const COLOUR_WHAT: Record<string, string> = { foreground: 'foreground', "gradient's second": 'gradient', eye: 'eye' };
const COLOUR_AGAINST = (against: string) => (against === 'background' ? 'background' : 'white');
const WHITE = String.raw`white \(a transparent code is judged against white\)`;

/** Patterns are tried in this order, so a narrower one comes before a wider one. */
const PATTERNS: ServerPattern[] = [
  { match: /^Language must be one of (?<languages>.+)$/, message: m.authUnknownLanguage },
  { match: /^Page size must be a whole number from 1 to (?<max>\d+)$/, message: m.adminPageSize },
  { match: /^The payment provider refused this request: (?<reason>.+)$/s, message: m.paymentProviderRefused, nested: ['reason'] },
  { match: /^Currency must be one of (?<currencies>.+)$/, message: m.billingUnknownCurrency },
  { match: /^Prices in (?<currency>[A-Z]{3}) are not offered$/, message: m.billingCurrencyNotOffered },
  { match: /^Your subscription is already billed (?<interval>monthly|annual)\.$/, message: m.billingAlreadyBilled },
  { match: /^A purchase adds from 1 to (?<max>[\d,]+) QR codes\.$/, message: m.billingPurchaseRange },
  {
    match: /^The price has changed: a QR code costs (?<price>.+?) per (?<interval>year|month)\. Please review the new total and confirm again\.$/,
    message: m.billingPriceChanged,
    values: ({ price, interval }) => ({ price, interval: interval === 'year' ? 'annual' : 'monthly' }),
  },
  { match: /^Unknown field "(?<field>[^"]*)"$/, message: m.requestUnknownField },
  {
    match: /^Failed to (?<verb>load|save|update|delete|handle) (?<area>.+)\. Please try again later\.$/,
    message: m.requestFailed,
  },
  { match: /^The request body is nested too deeply \(at most (?<max>\d+) levels\)\.$/, message: m.requestTooDeep },
  { match: /^The request body must not contain a "(?<key>[^"]*)" key\.$/, message: m.requestForbiddenKey },
  { match: /^The limit must be a whole number from 1 to (?<max>\d+)$/, message: m.requestLimit },
  { match: /^The URL is too long: use at most (?<max>\d+) characters\.$/, message: m.codeUrlTooLong },
  { match: /^The password must have (?<min>\d+) to (?<max>\d+) characters$/, message: m.codePasswordLength },
  { match: /^The state must be one of (?<states>.+)$/, message: m.codeListState },
  { match: /^The search must be text of at most (?<max>\d+) characters$/, message: m.codeListSearch },
  { match: /^The frame text must be 1 to (?<max>\d+) characters$/, message: m.designFrameText },
  { match: /^A frame needs a margin of at least (?<min>\d+) modules between it and the code$/, message: m.designFrameMargin },
  { match: /^The margin must be a whole number from (?<min>\d+) to (?<max>\d+)$/, message: m.designMargin },
  { match: /^The margin must be a whole number of modules from (?<min>\d+) to (?<max>\d+)$/, message: m.designMarginModules },
  { match: /^Unknown design setting "(?<key>[^"]*)"$/, message: m.designUnknownSetting },
  {
    match: new RegExp(
      `^The (?<what>foreground|gradient's second|eye) colour must be darker than the (?<against>background|${WHITE}): many scanners cannot read light codes on a dark background$`,
    ),
    message: m.designDarker,
    values: ({ what, against }) => ({ what: COLOUR_WHAT[what] ?? 'foreground', against: COLOUR_AGAINST(against) }),
  },
  {
    match: /^Foreground and background colours are too similar to scan reliably \(contrast (?<ratio>[\d.]+):1, at least (?<min>[\d.]+):1 needed\)$/,
    message: m.designContrast,
  },
  {
    match: new RegExp(
      `^(?<what>Foreground|Gradient's second|Eye) colour and (?<against>background|${WHITE}) are too similar to scan reliably \\(contrast (?<ratio>[\\d.]+):1, at least (?<min>[\\d.]+):1 needed\\)$`,
    ),
    message: m.designContrastOther,
    values: ({ what, against, ratio, min }) => ({
      what: COLOUR_WHAT[what.toLowerCase()] ?? 'foreground',
      against: COLOUR_AGAINST(against),
      ratio: Number(ratio),
      min: Number(min),
    }),
  },
  { match: /^The logo must be at most (?<max>\d+)x\k<max> pixels: upload the logo again$/, message: m.logoMaxSide },
  { match: /^The size must be a whole number of pixels from (?<min>\d+) to (?<max>\d+)$/, message: m.imageSize },
  { match: /^The image size must be a whole number of pixels from (?<min>\d+) to (?<max>\d+)$/, message: m.imageRenderSize },
  { match: /^The text to encode must be 1 to (?<max>\d+) characters$/, message: m.imageTextLength },
  { match: /^The text cannot be encoded as a QR code: (?<reason>.+)$/s, message: m.imageCannotEncode },
  { match: /^The print size must be a number from (?<min>[\d.]+) to (?<max>[\d.]+) (?<unit>mm|in)$/, message: m.printSizeRange },
  { match: /^The bleed must be a number from 0 to (?<max>[\d.]+) (?<unit>mm|in)$/, message: m.printBleedRange },
  { match: /^Choose 1 to (?<max>\d+) codes to download$/, message: m.archiveIds },
  {
    match: /^One of the chosen codes was not found: it may have been deleted$/,
    message: m.archiveNotFound,
    values: () => ({ count: 1 }),
  },
  { match: /^(?<count>\d+) of the chosen codes were not found: they may have been deleted$/, message: m.archiveNotFound },
  { match: /^Choose a range of at most (?<max>\d+) days$/, message: m.analyticsRangeMax },
  { match: /^The kind must be scans or one of (?<kinds>.+)$/, message: m.historyActivityKind },
  { match: /^The kind must be one of (?<kinds>.+)$/, message: m.historyKind },
  { match: /^A tag can have at most (?<max>\d+) characters$/, message: m.organiseTagTooLong },
  { match: /^A code can have at most (?<max>\d+) tags$/, message: m.organiseTooManyTags },
  { match: /^A folder name can have at most (?<max>\d+) characters$/, message: m.organiseFolderNameTooLong },
  { match: /^You can have at most (?<max>\d+) folders$/, message: m.organiseTooManyFolders },
  { match: /^Choose from 1 to (?<max>\d+) codes$/, message: m.organiseBulkIds },
  { match: /^Use at most (?<max>\d+) characters$/, message: m.contentTooLong },
  { match: /^Add at most (?<max>\d+) phone numbers$/, message: m.contentTooManyPhones },
  { match: /^Add at most (?<max>\d+) email addresses$/, message: m.contentTooManyEmails },
  { match: /^Add at most (?<max>\d+) buttons$/, message: m.contentTooManyLinks },
  { match: /^The network name is at most (?<max>\d+) bytes$/, message: m.contentSsidTooLong },
  { match: /^The file is too large: upload at most (?<max>[\d.]+) MB$/, message: m.contentFileTooLarge },
  { match: /^Unknown field (?<field>\S+)$/, message: m.contentUnknownField },
  { match: /^(?<problem>.+); this file is (?<type>[\w-]+)$/s, message: m.contentWrongFileType, nested: ['problem'] },
  { match: /^Use at most (?<max>\d+) routing rules$/, message: m.campaignRulesMax },
  { match: /^Rule (?<n>\d+) is not a rule$/, message: m.campaignRuleNotRule },
  {
    match: /^Rule (?<n>\d+) has no condition: give it an operating system, device, country, region, city, language or time$/,
    message: m.campaignRuleNoCondition,
  },
  {
    match: /^Rule (?<later>\d+) can never match: rule (?<earlier>\d+) comes first and catches every scan it would$/,
    message: m.campaignRuleNeverMatches,
  },
  { match: /^Use at most (?<max>\d+) variants$/, message: m.campaignVariantsMax },
  { match: /^Variant (?<n>\d+) is not a variant$/, message: m.campaignVariantNotVariant },
  { match: /^Give each variant a name of at most (?<max>\d+) characters$/, message: m.campaignVariantName },
  { match: /^Plan at most (?<max>\d+) switches$/, message: m.campaignSwitchesMax },
  { match: /^Switch (?<n>\d+) is not a switch$/, message: m.campaignSwitchNotSwitch },
  { match: /^Use at most (?<max>\d+) regions in a rule$/, message: m.placesRegionsMax },
  { match: /^Use at most (?<max>\d+) cities in a rule$/, message: m.placesCitiesMax },
  {
    match: /^City (?<n>\d+) must be given as \{ "name": "Munich", "country": "DE" \} \(the country may be left out\)$/,
    message: m.placesCityShape,
  },
  { match: /^City (?<n>\d+): the country must be a two-letter ISO code such as DE$/, message: m.placesCityCountry },
  { match: /^City (?<n>\d+) has a field "(?<field>[^"]*)": a city has only a name and a country$/, message: m.placesCityField },
  { match: /^Region (?<n>\d+) has no name: give one such as Bavaria$/, message: m.placesRegionNoName },
  { match: /^City (?<n>\d+) has no name: give one such as Munich$/, message: m.placesCityNoName },
  { match: /^Region names are at most (?<max>\d+) characters \(region (?<n>\d+) is longer\)$/, message: m.placesRegionNameTooLong },
  { match: /^City names are at most (?<max>\d+) characters \(city (?<n>\d+) is longer\)$/, message: m.placesCityNameTooLong },
  {
    match: /^A workspace can have at most (?<max>\d+) custom domains: remove one you no longer use first$/,
    message: m.domainTooMany,
  },
  {
    match: /^(?<count>\d+) (?:code uses|codes use) this domain: move (?:it|them) to another domain first$/,
    message: m.domainInUse,
  },
  {
    match: /^This code has been scanned or downloaded: its printed copies point to (?<link>\S+) and stop working if it moves to another domain\. Confirm the move to go ahead\.$/,
    message: m.domainMoveBreaksPrints,
  },
  { match: /^The TXT record (?<name>\S+) does not hold this domain's token$/, message: m.domainTxtWrong },
  { match: /^No TXT record (?<name>\S+) was found$/, message: m.domainTxtMissing },
  { match: /^DNS did not answer for (?<name>\S+) \((?<code>[^)]*)\); we will try again$/, message: m.domainDnsNoAnswer },
  { match: /^Give the key a name of 1 to (?<max>\d+) characters$/, message: m.apiKeyName },
  { match: /^You can keep at most (?<max>\d+) API keys: revoke one you no longer use first$/, message: m.apiKeyTooMany },
  { match: /^This API key may not use (?<group>\S+): create a key that includes \k<group>$/, message: m.apiKeyNotForResource },
  { match: /^Choose at least one event: (?<events>.+)$/, message: m.webhookEvents },
  {
    match: /^You can keep at most (?<max>\d+) webhook endpoints: delete one you no longer use first$/,
    message: m.webhookTooMany,
  },
  { match: /^Redirect to (?<location>.*) not followed$/, message: m.webhookRedirectNotFollowed },
  { match: /^No answer within (?<ms>\d+) ms$/, message: m.webhookNoAnswer },
  { match: /^Not sent: (?<reason>.+)$/s, message: m.webhookNotSent, nested: ['reason'] },
  { match: /^(?<host>\S+) is a private or local address$/, message: m.webhookPrivateHost },
  {
    match: /^This scan is older than the attribution window \((?<days>\d+) days?\): the conversion is not counted$/,
    message: m.conversionOutsideWindow,
  },
  { match: /^The template name must be 1 to (?<max>\d+) characters$/, message: m.templateName },
  {
    match: /^You can keep up to (?<max>\d+) design templates: delete one you no longer use first$/,
    message: m.templateLimit,
  },
  {
    match: /^The template cannot be applied to "(?<name>.*)": (?<problem>.+) Nothing was changed\.$/s,
    message: m.templateNotApplicable,
    nested: ['problem'],
  },
  { match: /^The file is too large: upload a CSV file of at most (?<max>[\d.]+) MB\.$/, message: m.bulkTooLarge },
  {
    match: /^The file has (?<rows>[\d,]+) rows?: upload at most (?<max>[\d,]+) rows? at a time\.$/,
    message: m.bulkTooManyRows,
  },
  {
    match: /^The file has no "(?<column>.*)" column: its header row must name the columns name, destination, category, tags, slug and template \(category, tags, slug and template are optional\)\.$/,
    message: m.bulkMissingColumn,
  },
  {
    match: /^The column "(?<column>.*)" is not one we know: use name, destination, category, tags, slug and template\.$/,
    message: m.bulkUnknownColumn,
  },
  {
    match: /^"(?<domain>.*)" is not one of this workspace's verified custom domains: add and verify it first, or leave the cell empty\.$/,
    message: m.bulkDomainUnknown,
  },
  {
    match: /^You have no design template named "(?<name>.*)": check the name, or save the design as a template first\.$/,
    message: m.bulkTemplateUnknown,
  },
  { match: /^The column "(?<column>.*)" appears twice in the header row\.$/, message: m.bulkDuplicateColumn },
  { match: /^At most (?<max>\d+) tags per QR code\.$/, message: m.bulkTooManyTags },
  { match: /^Each tag must be at most (?<max>\d+) characters \("(?<tag>.*)" is longer\)\.$/, message: m.bulkTagTooLong },
  { match: /^Row (?<row>\d+) of this file already uses this short link\.$/, message: m.bulkSlugRepeated },
  {
    match: /^The file could not be read as CSV \(line (?<line>\d+)\): check its quotes and separators \(commas\)\.$/,
    message: m.bulkCsvUnreadableLine,
  },
  { match: /^Row (?<row>\d+) contains control characters: remove them and upload the file again\.$/, message: m.bulkControlCharacters },
  { match: /^Row (?<row>\d+) is not in this import$/, message: m.bulkRowNotInImport },
  { match: /^Please keep the details under (?<max>\d+) characters$/, message: m.abuseDetailsTooLong },
  { match: /^Keep the reason under (?<max>\d+) characters$/, message: m.abuseTakedownReasonTooLong },
  { match: /^Its destination is on (?<domain>\S+), a website on our abuse blocklist\.$/, message: m.abuseDestinationBlocked },
  { match: /^A link on its page leads to (?<domain>\S+), a website on our abuse blocklist\.$/, message: m.abuseLinkBlocked },
  {
    match: /^This code still leads to (?<domain>\S+), which is on the blocklist: it would be taken down again\. The owner must change its destination first\.$/,
    message: m.abuseStillBlocked,
  },
  {
    match: /^This code's page still links to (?<domain>\S+), which is on the blocklist: it would be taken down again\. The owner must change that link first\.$/,
    message: m.abusePageStillBlocked,
  },
  { match: /^Your role in this workspace \((?<role>[\w-]+)\) does not allow this$/, message: m.workspaceRoleNotAllowed },
  { match: /^Your role in this workspace \((?<role>[\w-]+)\) does not allow managing members$/, message: m.workspaceRoleNoMembers },
  { match: /^A workspace name has at most (?<max>\d+) characters$/, message: m.workspaceNameTooLong },
  {
    match: /^You own (?<max>\d+) shared workspaces, the most one account can: delete one you no longer use first$/,
    message: m.workspaceTooManyOwned,
  },
  { match: /^The action must be one of (?<actions>.+)$/, message: m.workspaceAuditAction },
  { match: /^Choose a role: (?<roles>.+)$/, message: m.memberChooseRoleOf },
  { match: /^This invitation is for (?<email>\S+): sign up with that address$/, message: m.invitationForOtherSignUp },
  { match: /^Use the invited address, (?<email>\S+)$/, message: m.invitationUseInvitedAddress },
  { match: /^This invitation is for (?<email>\S+): sign in with the account of that address$/, message: m.invitationForOtherSignIn },
  { match: /^(?<email>\S+) is already a member of this workspace$/, message: m.invitationAlreadyMember },
  { match: /^(?<email>\S+) has already been invited: send the invitation again instead$/, message: m.invitationAlreadyInvited },
  {
    match: /^This workspace has sent (?<max>\d+) invitations in the last hour: try again later$/,
    message: m.invitationHourlyLimit,
  },
];

const NUMBER = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/** A group as a value: a number when it is one ("1,024" in the server's English), else the text. */
function valueOf(text: string): string | number {
  return NUMBER.test(text) ? Number(text.replace(/,/g, '')) : text;
}

let exactMessages: Map<string, MessageDescriptor> | null = null;

/**
 * English text -> message, for the messages without variable parts, built once. The English is
 * each message formatted in English: `defaultMessage` may arrive in the browser already parsed.
 */
function exactLookup(): Map<string, MessageDescriptor> {
  if (exactMessages) return exactMessages;
  const variable = new Set<MessageDescriptor>(PATTERNS.map((pattern) => pattern.message));
  const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: {}, onError: () => undefined }, createIntlCache());
  const lookup = new Map<string, MessageDescriptor>();
  for (const message of Object.values(serverMessages)) {
    if (variable.has(message)) continue;
    const text = english.formatMessage(message);
    if (!lookup.has(text)) lookup.set(text, message);
  }
  exactMessages = lookup;
  return lookup;
}

function translate(text: string, intl: IntlShape, depth: number): string | null {
  const exact = exactLookup().get(text);
  if (exact) return intl.formatMessage(exact);
  for (const pattern of PATTERNS) {
    const found = pattern.match.exec(text);
    if (!found) continue;
    const groups = { ...found.groups };
    const values: Values = pattern.values
      ? pattern.values(groups)
      : Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, valueOf(value)]));
    for (const name of pattern.nested ?? []) {
      if (typeof groups[name] === 'string') values[name] = translate(groups[name], intl, depth + 1) ?? groups[name];
    }
    return intl.formatMessage(pattern.message, values);
  }
  if (depth > 2) return null;
  // A structure's first problem prefixed by its field ("rules.0.destination: ..."): the field stays.
  const prefixed = /^([\w.]+): ([\s\S]+)$/.exec(text);
  if (prefixed) {
    const inner = translate(prefixed[2], intl, depth + 1);
    if (inner !== null) return `${prefixed[1]}: ${inner}`;
  }
  // Several problems of one design, joined with "; ".
  if (text.includes('; ')) {
    const parts = text.split('; ').map((part) => translate(part, intl, depth + 1));
    if (parts.every((part) => part !== null)) return parts.join('; ');
  }
  return null;
}

/**
 * The server's (or a DTO's) English message in the language of `intl`; the text unchanged when it
 * is not one of ours. Never throws.
 */
export function translateServerMessage(text: string, intl: IntlShape): string {
  if (typeof text !== 'string' || text === '') return text;
  try {
    return translate(text, intl, 0) ?? text;
  } catch {
    return text;
  }
}
