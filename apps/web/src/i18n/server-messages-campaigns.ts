import { defineMessages } from 'react-intl';

/** The campaign control, custom domain, API key, webhook, conversion and template messages of the server's English (see server-message-catalogue.ts). */
export const campaignMessages = defineMessages({
  // Campaign controls (campaign.dto.ts, campaign-places.ts)
  campaignObject: { id: 'server.campaign.object', defaultMessage: 'The campaign settings must be an object' },
  campaignInvalid: { id: 'server.campaign.invalid', defaultMessage: 'Invalid campaign settings' },
  campaignPassQuery: { id: 'server.campaign.passQuery', defaultMessage: 'Query pass-through is on or off' },
  campaignPassScanId: { id: 'server.campaign.passScanId', defaultMessage: 'Sending the scan id to the destination is on or off' },
  campaignExpiryFormat: { id: 'server.campaign.expiryFormat', defaultMessage: 'The expiry must be a date and time, such as 2026-12-31T23:59:00+01:00' },
  campaignExpiryPast: { id: 'server.campaign.expiryPast', defaultMessage: 'The expiry is in the past: choose a later date and time' },
  campaignStartFormat: { id: 'server.campaign.startFormat', defaultMessage: 'The start must be a date and time, such as 2026-12-01T09:00:00+01:00' },
  campaignStartBeforeExpiry: { id: 'server.campaign.startBeforeExpiry', defaultMessage: 'The start must be before the expiry' },
  campaignScanLimit: { id: 'server.campaign.scanLimit', defaultMessage: 'The scan limit must be a whole number of at least 1' },
  campaignRulesList: { id: 'server.campaign.rulesList', defaultMessage: 'Routing rules must be a list' },
  campaignRulesMax: { id: 'server.campaign.rulesMax', defaultMessage: 'Use at most {max, number} routing rules' },
  campaignRuleNotRule: { id: 'server.campaign.ruleNotRule', defaultMessage: 'Rule {n, number} is not a rule' },
  campaignOs: { id: 'server.campaign.os', defaultMessage: 'The operating system must be iOS, Android, Windows, macOS or other' },
  campaignDevice: { id: 'server.campaign.device', defaultMessage: 'The device type must be mobile, tablet, desktop or other' },
  campaignCountries: { id: 'server.campaign.countries', defaultMessage: 'Countries must be two-letter ISO codes such as DE or US' },
  campaignLanguages: { id: 'server.campaign.languages', defaultMessage: 'Languages must be language codes such as en or pt-BR' },
  campaignDays: { id: 'server.campaign.days', defaultMessage: 'Days must be 0 (Sunday) to 6 (Saturday)' },
  campaignTimeBoth: { id: 'server.campaign.timeBoth', defaultMessage: 'Give both the start and the end time, or neither' },
  campaignTimeFormat: { id: 'server.campaign.timeFormat', defaultMessage: 'Times must look like 09:30' },
  campaignTimeDiffer: { id: 'server.campaign.timeDiffer', defaultMessage: 'The start and end time must differ' },
  campaignRuleNoCondition: {
    id: 'server.campaign.ruleNoCondition',
    defaultMessage: 'Rule {n, number} has no condition: give it an operating system, device, country, region, city, language or time',
  },
  campaignRuleNeverMatches: {
    id: 'server.campaign.ruleNeverMatches',
    defaultMessage: 'Rule {later, number} can never match: rule {earlier, number} comes first and catches every scan it would',
  },
  campaignSplitList: { id: 'server.campaign.splitList', defaultMessage: 'The A/B split must be a list of variants' },
  campaignSplitTwo: { id: 'server.campaign.splitTwo', defaultMessage: 'An A/B split needs at least two variants' },
  campaignVariantsMax: { id: 'server.campaign.variantsMax', defaultMessage: 'Use at most {max, number} variants' },
  campaignVariantNotVariant: { id: 'server.campaign.variantNotVariant', defaultMessage: 'Variant {n, number} is not a variant' },
  campaignVariantName: { id: 'server.campaign.variantName', defaultMessage: 'Give each variant a name of at most {max, number} characters' },
  campaignVariantNameUnique: { id: 'server.campaign.variantNameUnique', defaultMessage: 'Each variant needs its own name' },
  campaignWeights: { id: 'server.campaign.weights', defaultMessage: 'Weights must be whole numbers from 1 to 1000' },
  campaignScheduleList: { id: 'server.campaign.scheduleList', defaultMessage: 'The schedule must be a list of switches' },
  campaignSwitchesMax: { id: 'server.campaign.switchesMax', defaultMessage: 'Plan at most {max, number} switches' },
  campaignSwitchNotSwitch: { id: 'server.campaign.switchNotSwitch', defaultMessage: 'Switch {n, number} is not a switch' },
  campaignSwitchFormat: {
    id: 'server.campaign.switchFormat',
    defaultMessage: 'The switch time must be a date and time, such as 2026-12-01T09:00:00+01:00',
  },
  campaignSwitchPast: { id: 'server.campaign.switchPast', defaultMessage: 'This switch is in the past: choose a later date and time' },
  campaignSwitchSameMoment: { id: 'server.campaign.switchSameMoment', defaultMessage: 'Two switches are planned for the same moment' },
  placesRegionsList: { id: 'server.places.regionsList', defaultMessage: 'Regions must be a list of names such as Bavaria' },
  placesRegionsMax: { id: 'server.places.regionsMax', defaultMessage: 'Use at most {max, number} regions in a rule' },
  placesCitiesList: { id: 'server.places.citiesList', defaultMessage: 'Cities must be a list such as [\'{ "name": "Munich", "country": "DE" }\']' },
  placesCitiesMax: { id: 'server.places.citiesMax', defaultMessage: 'Use at most {max, number} cities in a rule' },
  placesCityShape: {
    id: 'server.places.cityShape',
    defaultMessage: 'City {n, number} must be given as \'{ "name": "Munich", "country": "DE" }\' (the country may be left out)',
  },
  placesCityCountry: { id: 'server.places.cityCountry', defaultMessage: 'City {n, number}: the country must be a two-letter ISO code such as DE' },
  placesCityField: { id: 'server.places.cityField', defaultMessage: 'City {n, number} has a field "{field}": a city has only a name and a country' },
  placesRegionNoName: { id: 'server.places.regionNoName', defaultMessage: 'Region {n, number} has no name: give one such as Bavaria' },
  placesCityNoName: { id: 'server.places.cityNoName', defaultMessage: 'City {n, number} has no name: give one such as Munich' },
  placesRegionNameTooLong: {
    id: 'server.places.regionNameTooLong',
    defaultMessage: 'Region names are at most {max, number} characters (region {n, number} is longer)',
  },
  placesCityNameTooLong: {
    id: 'server.places.cityNameTooLong',
    defaultMessage: 'City names are at most {max, number} characters (city {n, number} is longer)',
  },

  // Custom domains (domain.dto.ts, qr-service domains)
  domainRequired: { id: 'server.domain.required', defaultMessage: 'Enter a domain name, such as qr.example.com' },
  domainTooLong: { id: 'server.domain.tooLong', defaultMessage: 'A domain name has at most 253 characters, and each part between dots at most 63' },
  domainInvalid: {
    id: 'server.domain.invalid',
    defaultMessage: 'This is not a valid domain name: use letters, digits and hyphens between dots, such as qr.example.com',
  },
  domainIp: { id: 'server.domain.ip', defaultMessage: 'Use a domain name, not an IP address' },
  domainLocal: { id: 'server.domain.local', defaultMessage: 'localhost and local network names cannot be reached by the people who scan your codes' },
  domainPublicSuffix: {
    id: 'server.domain.publicSuffix',
    defaultMessage: 'This is a public suffix, which nobody owns: use a name under your own domain, such as qr.example.co.uk',
  },
  domainUnknownSuffix: { id: 'server.domain.unknownSuffix', defaultMessage: 'This domain does not end in a known top-level domain' },
  domainOwnHost: { id: 'server.domain.ownHost', defaultMessage: 'This is our own domain: add a domain you own' },
  domainTaken: {
    id: 'server.domain.taken',
    defaultMessage: 'This domain is already verified by another workspace. If it is yours, remove it there first.',
  },
  domainAdded: { id: 'server.domain.added', defaultMessage: 'This domain is already in this workspace' },
  domainTooMany: {
    id: 'server.domain.tooMany',
    defaultMessage: 'A workspace can have at most {max, number} custom domains: remove one you no longer use first',
  },
  domainNotFound: { id: 'server.domain.notFound', defaultMessage: 'Domain not found' },
  domainNotVerified: { id: 'server.domain.notVerified', defaultMessage: 'This domain is not verified yet: create its DNS records, then check it again' },
  domainInUse: {
    id: 'server.domain.inUse',
    defaultMessage:
      '{count, plural, one {# code uses this domain: move it to another domain first} other {# codes use this domain: move them to another domain first}}',
  },
  domainRedirect: { id: 'server.domain.redirect', defaultMessage: 'Enter a full web address starting with https:// or http://' },
  domainMoveBreaksPrints: {
    id: 'server.domain.moveBreaksPrints',
    defaultMessage:
      'This code has been scanned or downloaded: its printed copies point to {link} and stop working if it moves to another domain. Confirm the move to go ahead.',
  },
  domainPagesOnDefaultHost: {
    id: 'server.domain.pagesOnDefaultHost',
    defaultMessage: 'Pages we host (contact cards, link lists, files, Wi-Fi) use the default domain: choose it for this code',
  },
  domainHsts: { id: 'server.domain.hsts', defaultMessage: 'hsts must be true or false' },
  domainDisabledBoolean: { id: 'server.domain.disabledBoolean', defaultMessage: 'disabled must be true or false' },
  domainReasonText: { id: 'server.domain.reasonText', defaultMessage: 'The reason must be text' },
  domainReasonTooLong: { id: 'server.domain.reasonTooLong', defaultMessage: 'The reason has at most 500 characters' },
  domainDisabledByAdmin: { id: 'server.domain.disabledByAdmin', defaultMessage: 'Disabled by an administrator' },
  domainTxtWrong: { id: 'server.domain.txtWrong', defaultMessage: "The TXT record {name} does not hold this domain's token" },
  domainTxtMissing: { id: 'server.domain.txtMissing', defaultMessage: 'No TXT record {name} was found' },
  domainDnsNoAnswer: { id: 'server.domain.dnsNoAnswer', defaultMessage: 'DNS did not answer for {name} ({code}); we will try again' },

  // API keys
  apiKeyName: { id: 'server.apiKey.name', defaultMessage: 'Give the key a name of 1 to {max, number} characters' },
  apiKeyScope: { id: 'server.apiKey.scope', defaultMessage: 'The scope must be read or write' },
  apiKeyExpiresAt: { id: 'server.apiKey.expiresAt', defaultMessage: 'The expiry must be a date like 2026-12-31, in the future' },
  apiKeyTooMany: { id: 'server.apiKey.tooMany', defaultMessage: 'You can keep at most {max, number} API keys: revoke one you no longer use first' },
  apiKeyInvalid: { id: 'server.apiKey.invalid', defaultMessage: 'This API key is not valid: check it, or create a new one in your account' },
  apiKeyRevoked: { id: 'server.apiKey.revoked', defaultMessage: 'This API key was revoked' },
  apiKeyExpired: { id: 'server.apiKey.expired', defaultMessage: 'This API key has expired' },
  apiKeyMissing: { id: 'server.apiKey.missing', defaultMessage: 'Send your API key as "Authorization: Bearer qrd_live_..."' },
  apiKeyReadOnly: { id: 'server.apiKey.readOnly', defaultMessage: 'This API key can only read: create a key with the write scope to make changes' },
  apiKeyResources: { id: 'server.apiKey.resources', defaultMessage: 'Choose what the key may reach: one or more of codes, analytics and webhooks' },
  apiKeyNotForResource: { id: 'server.apiKey.notForResource', defaultMessage: 'This API key may not use {group}: create a key that includes {group}' },
  apiKeyNotFound: { id: 'server.apiKey.notFound', defaultMessage: 'API key not found' },

  // Webhooks
  webhookEvents: { id: 'server.webhook.events', defaultMessage: 'Choose at least one event: {events}' },
  webhookTooMany: { id: 'server.webhook.tooMany', defaultMessage: 'You can keep at most {max, number} webhook endpoints: delete one you no longer use first' },
  webhookNotFound: { id: 'server.webhook.notFound', defaultMessage: 'Webhook endpoint not found' },
  webhookDeliveryNotFound: { id: 'server.webhook.deliveryNotFound', defaultMessage: 'Delivery not found' },
  webhookDisabled: { id: 'server.webhook.disabled', defaultMessage: 'This endpoint is disabled: enable it first' },
  webhookPrivateNetwork: {
    id: 'server.webhook.privateNetwork',
    defaultMessage:
      'We do not send webhooks to private or local network addresses (such as localhost, 10.x.x.x or 192.168.x.x). Use an address that is reachable from the internet.',
  },
  webhookRedirectNotFollowed: { id: 'server.webhook.redirectNotFollowed', defaultMessage: 'Redirect to {location} not followed' },
  webhookNoAnswer: { id: 'server.webhook.noAnswer', defaultMessage: 'No answer within {ms, number} ms' },
  webhookNotSent: { id: 'server.webhook.notSent', defaultMessage: 'Not sent: {reason}' },
  webhookPrivateHost: { id: 'server.webhook.privateHost', defaultMessage: '{host} is a private or local address' },
  webhookOwnerSuspended: { id: 'server.webhook.ownerSuspended', defaultMessage: 'Owner suspended' },

  // Conversions
  conversionScanId: {
    id: 'server.conversion.scanId',
    defaultMessage: 'scanId must be the qrd_id your page received, such as 0192f0c4-5a1b-7c3d-9e4f-0a1b2c3d4e5f',
  },
  conversionUnknownScan: { id: 'server.conversion.unknownScan', defaultMessage: 'No scan of this workspace has this id' },
  conversionOutsideWindow: {
    id: 'server.conversion.outsideWindow',
    defaultMessage:
      'This scan is older than the attribution window ({days, plural, one {# day} other {# days}}): the conversion is not counted',
  },
  conversionAmount: { id: 'server.conversion.amount', defaultMessage: "amount must be a whole number of the currency's minor units (cents), 0 or more" },
  conversionCurrency: { id: 'server.conversion.currency', defaultMessage: 'currency must be an ISO 4217 code, such as EUR or USD' },
  conversionExternalId: {
    id: 'server.conversion.externalId',
    defaultMessage: 'externalId identifies the lead or sale in your system (1 to 200 characters): the same one is counted once',
  },
  conversionSignature: { id: 'server.conversion.signature', defaultMessage: 'The Stripe signature of this request is missing, not valid or too old' },
  conversionNotConfigured: { id: 'server.conversion.notConfigured', defaultMessage: 'This workspace has not set up its Stripe conversions endpoint' },
  conversionWebhookSecret: { id: 'server.conversion.webhookSecret', defaultMessage: "Paste the endpoint's signing secret, which starts with whsec_" },
  conversionConcurrent: { id: 'server.conversion.concurrent', defaultMessage: 'The conversion was being recorded at the same moment: send it again' },

  // Design templates
  templateName: { id: 'server.template.name', defaultMessage: 'The template name must be 1 to {max, number} characters' },
  templateNameTaken: { id: 'server.template.nameTaken', defaultMessage: 'You already have a template with this name' },
  templateLimit: { id: 'server.template.limit', defaultMessage: 'You can keep up to {max, number} design templates: delete one you no longer use first' },
  templateNotFound: { id: 'server.template.notFound', defaultMessage: 'The design template was not found: it may have been deleted' },
  templateSource: { id: 'server.template.source', defaultMessage: 'Send the design to save, or the code whose design to save' },
  templateDesign: { id: 'server.template.design', defaultMessage: 'The design must be an object with the design settings' },
  templateChoose: { id: 'server.template.choose', defaultMessage: 'Choose one of your design templates' },
  templateNotApplicable: {
    id: 'server.template.notApplicable',
    defaultMessage: 'The template cannot be applied to "{name}": {problem} Nothing was changed.',
  },

});
