import { createIntl, createIntlCache, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

/**
 * The messages the API and the shared DTO validation (libs/contracts) answer with, in English, and
 * their translations: `translateServerMessage` finds the message for an English text and shows it
 * in the user's language (the text itself when it is not one of ours). Each `defaultMessage` is the
 * server's exact English, a variable part as an ICU placeholder; those are found by the regular
 * expressions of PATTERNS below, which also give the placeholders' values.
 */
export const serverMessages = defineMessages({
  // Sign-up, sign-in, passwords (auth.dto.ts, auth-service, gateway)
  authUsernameRequired: { id: 'server.auth.usernameRequired', defaultMessage: 'Username is required' },
  authInvalidCredentials: { id: 'server.auth.invalidCredentials', defaultMessage: 'Invalid username or password' },
  authPasswordRequired: { id: 'server.auth.passwordRequired', defaultMessage: 'Password is required' },
  authUsernameTooShort: { id: 'server.auth.usernameTooShort', defaultMessage: 'Username must be at least 3 characters' },
  authUsernameTooLong: { id: 'server.auth.usernameTooLong', defaultMessage: 'Username must be at most 50 characters' },
  authUsernameCharacters: { id: 'server.auth.usernameCharacters', defaultMessage: 'Username may only contain letters, numbers, dots, dashes and underscores' },
  authEmailInvalid: { id: 'server.auth.emailInvalid', defaultMessage: 'Please enter a valid email address' },
  authPasswordTooShort: { id: 'server.auth.passwordTooShort', defaultMessage: 'Password must be at least 8 characters' },
  authPasswordTooLong: { id: 'server.auth.passwordTooLong', defaultMessage: 'Password must be at most 200 characters' },
  authPasswordUppercase: { id: 'server.auth.passwordUppercase', defaultMessage: 'Password must contain at least one uppercase letter' },
  authPasswordLowercase: { id: 'server.auth.passwordLowercase', defaultMessage: 'Password must contain at least one lowercase letter' },
  authPasswordNumber: { id: 'server.auth.passwordNumber', defaultMessage: 'Password must contain at least one number' },
  authPasswordsDontMatch: { id: 'server.auth.passwordsDontMatch', defaultMessage: "Passwords don't match" },
  authCurrentPasswordRequired: { id: 'server.auth.currentPasswordRequired', defaultMessage: 'Current password is required' },
  authCurrentPasswordIncorrect: { id: 'server.auth.currentPasswordIncorrect', defaultMessage: 'Current password is incorrect' },
  authCurrentPasswordToChange: { id: 'server.auth.currentPasswordToChange', defaultMessage: 'Enter your current password to change your username or email' },
  authFirstNameTooLong: { id: 'server.auth.firstNameTooLong', defaultMessage: 'First name must be at most 100 characters' },
  authLastNameTooLong: { id: 'server.auth.lastNameTooLong', defaultMessage: 'Last name must be at most 100 characters' },
  authResetLinkInvalid: { id: 'server.auth.resetLinkInvalid', defaultMessage: 'Reset link invalid' },
  authResetLinkExpired: { id: 'server.auth.resetLinkExpired', defaultMessage: 'Invalid or expired password reset link' },
  authConfirmationLinkInvalid: { id: 'server.auth.confirmationLinkInvalid', defaultMessage: 'Confirmation link invalid' },
  authEmailChangeLinkInvalid: { id: 'server.auth.emailChangeLinkInvalid', defaultMessage: 'This email confirmation link is invalid or has expired' },
  authUnsubscribeLinkInvalid: { id: 'server.auth.unsubscribeLinkInvalid', defaultMessage: 'This unsubscribe link is not valid' },
  authSignInExpired: { id: 'server.auth.signInExpired', defaultMessage: 'Your sign-in has expired. Please sign in again.' },
  authSignInToContinue: { id: 'server.auth.signInToContinue', defaultMessage: 'Please sign in to continue' },
  authSignInAgain: { id: 'server.auth.signInAgain', defaultMessage: 'Sign in again' },
  authUsernameTaken: { id: 'server.auth.usernameTaken', defaultMessage: 'That username is already taken' },
  authEmailTaken: { id: 'server.auth.emailTaken', defaultMessage: 'An account with that email already exists' },
  authAccountSuspended: { id: 'server.auth.accountSuspended', defaultMessage: 'Your account has been suspended' },
  authAccountSuspendedContact: { id: 'server.auth.accountSuspendedContact', defaultMessage: 'Your account has been suspended. Please contact support.' },
  authThisAccountSuspended: { id: 'server.auth.thisAccountSuspended', defaultMessage: 'This account is suspended' },
  authNoPermission: { id: 'server.auth.noPermission', defaultMessage: "You don't have permission to do this" },
  authCrossSite: { id: 'server.auth.crossSite', defaultMessage: 'This request did not come from our site and was refused' },
  authTooManyAttempts: { id: 'server.auth.tooManyAttempts', defaultMessage: 'Too many attempts. Please wait a moment and try again.' },
  authAdminNeedsTwoFactor: {
    id: 'server.auth.adminNeedsTwoFactor',
    defaultMessage: 'Turn on two-factor sign-in on your account page (Security) to use the admin area, then sign in with a code.',
  },
  authCompletePaymentFirst: { id: 'server.auth.completePaymentFirst', defaultMessage: 'Please complete the payment before creating your account.' },
  authPasswordToDeleteAccount: { id: 'server.auth.passwordToDeleteAccount', defaultMessage: 'Enter your password to delete your account' },
  authBillingInterval: { id: 'server.auth.billingInterval', defaultMessage: 'Billing interval must be monthly or annual' },
  authUnknownLanguage: { id: 'server.auth.unknownLanguage', defaultMessage: 'Language must be one of {languages}' },

  // Two-factor sign-in
  twoFactorCodeRequired: { id: 'server.twoFactor.codeRequired', defaultMessage: 'Enter the 6-digit code from your authenticator app, or a recovery code' },
  twoFactorEnterCode: { id: 'server.twoFactor.enterCode', defaultMessage: 'Enter the 6-digit code from your authenticator app.' },
  twoFactorCodeWrong: {
    id: 'server.twoFactor.codeWrong',
    defaultMessage: "That code didn't work. Enter the current 6-digit code from your authenticator app, or an unused recovery code.",
  },
  twoFactorAlreadyOnSetUp: {
    id: 'server.twoFactor.alreadyOnSetUp',
    defaultMessage: 'Two-factor sign-in is already on. Turn it off first to set up another authenticator.',
  },
  twoFactorAlreadyOn: { id: 'server.twoFactor.alreadyOn', defaultMessage: 'Two-factor sign-in is already on.' },
  twoFactorAlreadyOff: { id: 'server.twoFactor.alreadyOff', defaultMessage: 'Two-factor sign-in is already off.' },
  twoFactorStartAgain: { id: 'server.twoFactor.startAgain', defaultMessage: 'Start the set-up again: there is no authenticator waiting to be confirmed.' },
  twoFactorChanged: { id: 'server.twoFactor.changed', defaultMessage: 'Two-factor sign-in changed meanwhile. Please start again.' },

  // Contact form, account, profile picture
  contactMessageRequired: { id: 'server.contact.messageRequired', defaultMessage: 'Message is required' },
  contactMessageTooShort: { id: 'server.contact.messageTooShort', defaultMessage: 'Message must be at least 10 characters' },
  contactMessageTooLong: { id: 'server.contact.messageTooLong', defaultMessage: 'Message must be at most 5000 characters' },
  contactAccepted: { id: 'server.contact.accepted', defaultMessage: 'Thank you, your message has been sent.' },
  accountPasswordResetSent: { id: 'server.account.passwordResetSent', defaultMessage: "If an account exists with that email, we've sent a password reset link." },
  accountWeeklyReportEnabled: { id: 'server.account.enabledBoolean', defaultMessage: 'enabled must be true or false' },
  accountUnknownTimeZone: { id: 'server.account.unknownTimeZone', defaultMessage: 'Choose a known time zone, such as Europe/Berlin' },
  pictureType: { id: 'server.picture.type', defaultMessage: 'The picture must be a PNG, JPEG, WebP or GIF image' },
  pictureTooLarge: { id: 'server.picture.tooLarge', defaultMessage: 'The picture is too large: upload an image of at most 5 MB' },
  pictureEmpty: { id: 'server.picture.empty', defaultMessage: 'The picture file is empty' },
  pictureTooManyPixels: { id: 'server.picture.tooManyPixels', defaultMessage: 'The picture has too many pixels: upload one of at most 40 megapixels' },
  pictureDamaged: { id: 'server.picture.damaged', defaultMessage: 'The picture could not be read: it may be damaged' },
  pictureUnreadable: { id: 'server.picture.unreadable', defaultMessage: 'The picture could not be read' },
  pictureAsFile: { id: 'server.picture.asFile', defaultMessage: 'Upload the picture as the image file itself' },
  pictureChooseImage: { id: 'server.picture.chooseImage', defaultMessage: 'Choose an image file' },
  pictureNone: { id: 'server.picture.none', defaultMessage: 'No profile picture' },

  // Administration
  adminStatus: { id: 'server.admin.status', defaultMessage: 'Status must be active or suspended' },
  adminRole: { id: 'server.admin.role', defaultMessage: 'Role must be user, admin or superadmin' },
  adminPage: { id: 'server.admin.page', defaultMessage: 'Page must be a positive whole number' },
  adminPageSize: { id: 'server.admin.pageSize', defaultMessage: 'Page size must be a whole number from 1 to {max, number}' },
  adminSearchText: { id: 'server.admin.searchText', defaultMessage: 'Search must be text' },
  adminSearchTooLong: { id: 'server.admin.searchTooLong', defaultMessage: 'Search must be at most 100 characters' },
  adminShared: { id: 'server.admin.shared', defaultMessage: 'Shared must be true or false' },
  adminUserNotFound: { id: 'server.admin.userNotFound', defaultMessage: 'User not found' },
  adminDeleteOwnAccount: { id: 'server.admin.deleteOwnAccount', defaultMessage: 'Delete your own account from your account page' },
  adminOnlyAdminStatus: { id: 'server.admin.onlyAdminStatus', defaultMessage: 'Only an admin can change account status' },
  adminOwnStatus: { id: 'server.admin.ownStatus', defaultMessage: 'You cannot change the status of your own account' },
  adminSuperadminSuspend: { id: 'server.admin.superadminSuspend', defaultMessage: 'Only a superadmin can suspend a superadmin' },
  adminSuperadminRoles: { id: 'server.admin.superadminRoles', defaultMessage: 'Only a superadmin can change roles' },
  adminOwnRole: { id: 'server.admin.ownRole', defaultMessage: 'You cannot change your own role' },
  adminOnlyAdminDeletes: { id: 'server.admin.onlyAdminDeletes', defaultMessage: 'Only an admin can delete another account' },
  adminSuperadminDeletesAdmin: { id: 'server.admin.superadminDeletesAdmin', defaultMessage: 'Only a superadmin can delete an admin account' },

  // Invoice details
  invoiceNameText: { id: 'server.invoice.nameText', defaultMessage: 'Name must be text' },
  invoiceNameTooLong: { id: 'server.invoice.nameTooLong', defaultMessage: 'Name is too long (200 characters at most)' },
  invoiceCompanyText: { id: 'server.invoice.companyText', defaultMessage: 'Company must be text' },
  invoiceCompanyTooLong: { id: 'server.invoice.companyTooLong', defaultMessage: 'Company is too long (200 characters at most)' },
  invoiceAddressText: { id: 'server.invoice.addressText', defaultMessage: 'Address must be text' },
  invoiceAddressTooLong: { id: 'server.invoice.addressTooLong', defaultMessage: 'Address line is too long (200 characters at most)' },
  invoiceCityText: { id: 'server.invoice.cityText', defaultMessage: 'City must be text' },
  invoiceCityTooLong: { id: 'server.invoice.cityTooLong', defaultMessage: 'City is too long (100 characters at most)' },
  invoicePostalCodeText: { id: 'server.invoice.postalCodeText', defaultMessage: 'Postal code must be text' },
  invoicePostalCodeTooLong: { id: 'server.invoice.postalCodeTooLong', defaultMessage: 'Postal code is too long (20 characters at most)' },
  invoiceCountryText: { id: 'server.invoice.countryText', defaultMessage: 'Country must be text' },
  invoiceCountryTooLong: { id: 'server.invoice.countryTooLong', defaultMessage: 'Country is too long (100 characters at most)' },
  invoiceVatText: { id: 'server.invoice.vatText', defaultMessage: 'VAT number must be text' },
  invoiceVatFormat: { id: 'server.invoice.vatFormat', defaultMessage: 'VAT number must start with its two-letter country code, e.g. DE123456789' },
  invoiceNotFound: { id: 'server.invoice.notFound', defaultMessage: 'Invoice not found' },
  invoiceAtStripe: { id: 'server.invoice.atStripe', defaultMessage: 'This invoice is kept by Stripe: open its PDF from Stripe.' },

  // Cards and payments
  cardNumberIncomplete: { id: 'server.card.numberIncomplete', defaultMessage: 'Your card number is incomplete.' },
  cardNumberInvalid: { id: 'server.card.numberInvalid', defaultMessage: 'Your card number is invalid.' },
  cardExpiryIncomplete: { id: 'server.card.expiryIncomplete', defaultMessage: "Your card's expiration date is incomplete." },
  cardExpiryInvalid: { id: 'server.card.expiryInvalid', defaultMessage: "Your card's expiration date is invalid." },
  cardExpiryMonthInvalid: { id: 'server.card.expiryMonthInvalid', defaultMessage: "Your card's expiration month is invalid." },
  cardExpiryYearPast: { id: 'server.card.expiryYearPast', defaultMessage: "Your card's expiration year is in the past." },
  cardCvcIncomplete: { id: 'server.card.cvcIncomplete', defaultMessage: "Your card's security code is incomplete." },
  cardCvcInvalid: { id: 'server.card.cvcInvalid', defaultMessage: "Your card's security code is invalid." },
  cardDeclined: { id: 'server.card.declined', defaultMessage: 'Your card was declined.' },
  cardDeclinedTestMode: {
    id: 'server.card.declinedTestMode',
    defaultMessage:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
  cardDeclinedUpdate: { id: 'server.card.declinedUpdate', defaultMessage: 'Your card was declined. Please update your payment method and try again.' },
  cardRequiresAuthentication: { id: 'server.card.requiresAuthentication', defaultMessage: 'Your card was declined. This transaction requires authentication.' },
  cardInsufficientFunds: { id: 'server.card.insufficientFunds', defaultMessage: 'Your card has insufficient funds.' },
  cardAuthenticationFailed: {
    id: 'server.card.authenticationFailed',
    defaultMessage: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
  cardNoCard: { id: 'server.card.noCard', defaultMessage: 'There is no card on file for this customer.' },
  paymentNoSuchPayment: { id: 'server.payment.noSuchPayment', defaultMessage: 'No such payment' },
  paymentFormExpired: { id: 'server.payment.formExpired', defaultMessage: 'No such payment: the payment form has expired, please start again' },
  paymentProviderUnreachable: { id: 'server.payment.providerUnreachable', defaultMessage: 'The payment provider could not be reached. Please try again.' },
  paymentsUnavailable: { id: 'server.payment.unavailable', defaultMessage: 'Payments are unavailable right now. Please try again later.' },
  paymentProviderRefused: { id: 'server.payment.providerRefused', defaultMessage: 'The payment provider refused this request: {reason}' },
  paymentRequestReused: {
    id: 'server.payment.requestReused',
    defaultMessage: 'This payment request was already made with other details. Please reload the page and try again.',
  },
  paymentNotFound: { id: 'server.payment.notFound', defaultMessage: 'We could not find your payment. Please try again.' },
  paymentUsed: { id: 'server.payment.used', defaultMessage: 'This payment has already been used to create an account.' },
  paymentOtherEmail: { id: 'server.payment.otherEmail', defaultMessage: 'This payment was made for a different email address.' },
  paymentIncomplete: { id: 'server.payment.incomplete', defaultMessage: 'Your payment has not been completed yet.' },
  paymentIdempotencyKey: {
    id: 'server.payment.idempotencyKey',
    defaultMessage: 'Idempotency-Key must be 8 to 255 characters: letters, digits, dots, dashes, underscores or colons.',
  },

  // Subscription and seats
  billingUnknownCurrency: { id: 'server.billing.unknownCurrency', defaultMessage: 'Currency must be one of {currencies}' },
  billingCurrencyNotOffered: { id: 'server.billing.currencyNotOffered', defaultMessage: 'Prices in {currency} are not offered' },
  billingPriceNumber: { id: 'server.billing.priceNumber', defaultMessage: 'Price must be a number' },
  billingSwitchTiming: { id: 'server.billing.switchTiming', defaultMessage: 'Choose when the switch happens: now or period_end' },
  billingDays: { id: 'server.billing.days', defaultMessage: 'Days must be a whole number from 1 to 800' },
  billingNoSubscriptionYet: { id: 'server.billing.noSubscriptionYet', defaultMessage: 'You have no subscription yet.' },
  billingUpdatePaymentMethodFirst: {
    id: 'server.billing.updatePaymentMethodFirst',
    defaultMessage: 'Please update your payment method before changing your billing interval.',
  },
  billingNoSubscriptionToSwitch: { id: 'server.billing.noSubscriptionToSwitch', defaultMessage: 'You have no active subscription to switch.' },
  billingAlreadyBilled: {
    id: 'server.billing.alreadyBilled',
    defaultMessage: 'Your subscription is already billed {interval, select, monthly {monthly} other {annual}}.',
  },
  billingChooseOtherInterval: { id: 'server.billing.chooseOtherInterval', defaultMessage: 'Choose the other billing interval' },
  billingCancelledResumeFirst: {
    id: 'server.billing.cancelledResumeFirst',
    defaultMessage: 'Your subscription is cancelled. Resume it before changing your billing interval.',
  },
  billingChangeInProgress: {
    id: 'server.billing.changeInProgress',
    defaultMessage: 'Another change to your subscription is still being processed. Please try again.',
  },
  billingPurchaseRange: { id: 'server.billing.purchaseRange', defaultMessage: 'A purchase adds from 1 to {max, number} QR codes.' },
  billingSubscriptionRequiredToAdd: { id: 'server.billing.subscriptionRequiredToAdd', defaultMessage: 'An active subscription is required to add QR codes.' },
  billingPriceChanged: {
    id: 'server.billing.priceChanged',
    defaultMessage:
      'The price has changed: a QR code costs {price} per {interval, select, annual {year} other {month}}. Please review the new total and confirm again.',
  },
  billingPriceMismatch: { id: 'server.billing.priceMismatch', defaultMessage: 'The price does not match the current price' },
  billingPurchaseTimeout: { id: 'server.billing.purchaseTimeout', defaultMessage: 'The purchase took too long and was not made. Please try again.' },
  billingNoSubscriptionToCancel: { id: 'server.billing.noSubscriptionToCancel', defaultMessage: 'You have no active subscription to cancel.' },
  billingSubscriptionEnded: { id: 'server.billing.subscriptionEnded', defaultMessage: 'This subscription has ended. Please subscribe again.' },
  billingSubscriptionAlreadyEnded: { id: 'server.billing.subscriptionAlreadyEnded', defaultMessage: 'This subscription has already ended' },

  // Requests as a whole (gateway)
  requestInvalid: { id: 'server.request.invalid', defaultMessage: 'Invalid request' },
  requestUnknownField: { id: 'server.request.unknownField', defaultMessage: 'Unknown field "{field}"' },
  requestFailed: {
    id: 'server.request.failed',
    defaultMessage:
      'Failed to {verb, select, load {load} save {save} update {update} delete {delete} other {handle}} {area}. Please try again later.',
  },
  requestControlCharacters: { id: 'server.request.controlCharacters', defaultMessage: 'Text must not contain control characters.' },
  requestTooDeep: { id: 'server.request.tooDeep', defaultMessage: 'The request body is nested too deeply (at most {max, number} levels).' },
  requestForbiddenKey: { id: 'server.request.forbiddenKey', defaultMessage: 'The request body must not contain a "{key}" key.' },
  requestNotUtf8: { id: 'server.request.notUtf8', defaultMessage: 'The request body is not valid UTF-8 text.' },
  requestMustBeUtf8: { id: 'server.request.mustBeUtf8', defaultMessage: 'The request body must be UTF-8 text.' },
  requestTooLarge: { id: 'server.request.tooLarge', defaultMessage: 'The request body is too large (at most 100 KB).' },
  requestNotJson: { id: 'server.request.notJson', defaultMessage: 'The request body is not valid JSON.' },
  requestUnreadable: { id: 'server.request.unreadable', defaultMessage: 'The request body could not be read.' },
  requestMalformedUrl: {
    id: 'server.request.malformedUrl',
    defaultMessage: 'Bad request: the address has a "%" that is not followed by two hexadecimal digits.',
  },
  requestIdempotencyBusy: {
    id: 'server.request.idempotencyBusy',
    defaultMessage: 'A request with this Idempotency-Key is still being processed: retry in a moment',
  },
  requestIdempotencyReused: {
    id: 'server.request.idempotencyReused',
    defaultMessage: 'This Idempotency-Key was already used with a different request: use a new key',
  },
  requestInvalidValue: { id: 'server.request.invalidValue', defaultMessage: 'Invalid value' },
  requestOrder: { id: 'server.request.order', defaultMessage: 'The order must be asc or desc' },
  requestPageFromOne: { id: 'server.request.pageFromOne', defaultMessage: 'The page must be a whole number from 1' },
  requestPageSize: { id: 'server.request.pageSize', defaultMessage: 'The page size must be a whole number from 1 to 100' },
  requestLimit: { id: 'server.request.limit', defaultMessage: 'The limit must be a whole number from 1 to {max, number}' },
  requestCursor: { id: 'server.request.cursor', defaultMessage: 'This page link is not valid any more: start again from the first page' },
  requestCursorOrder: { id: 'server.request.cursorOrder', defaultMessage: 'This page link belongs to another sort order: start again from the first page' },
  requestPageVisitPathTooLong: { id: 'server.request.pageVisitPathTooLong', defaultMessage: 'Path is too long' },
  requestPageVisitPath: { id: 'server.request.pageVisitPath', defaultMessage: 'Path must be a site path like /dashboard' },

  // QR codes: name, destination, category, seats (code-fields.ts, qr-service)
  codeNameRequired: { id: 'server.code.nameRequired', defaultMessage: 'Name is required' },
  codeNameTooLong: { id: 'server.code.nameTooLong', defaultMessage: 'Name is too long' },
  codeUrlRequired: { id: 'server.code.urlRequired', defaultMessage: 'URL is required' },
  codeUrlInvalid: { id: 'server.code.urlInvalid', defaultMessage: 'Please enter a valid URL. Include https:// at the beginning.' },
  codeUrlTooLong: { id: 'server.code.urlTooLong', defaultMessage: 'The URL is too long: use at most {max, number} characters.' },
  codeUrlCredentials: { id: 'server.code.urlCredentials', defaultMessage: 'The URL must not contain a username or password.' },
  codeUrlOwnRedirect: { id: 'server.code.urlOwnRedirect', defaultMessage: 'The URL cannot be one of our own QR code short links.' },
  codeUrlPrivateNetwork: {
    id: 'server.code.urlPrivateNetwork',
    defaultMessage: 'The URL points to a private or local network address, which scanners cannot reach. Use a public web address.',
  },
  codeCategory: {
    id: 'server.code.category',
    defaultMessage: 'Category must be one of business, event, product, restaurant, retail, real-estate, healthcare, education, personal or other',
  },
  codeColour: { id: 'server.code.colour', defaultMessage: 'Colours must be hex colours like #1a2b3c' },
  codeSubscriptionRequired: { id: 'server.code.subscriptionRequired', defaultMessage: 'Subscription Required: subscribe to create QR codes.' },
  codeNoFreeSeat: {
    id: 'server.code.noFreeSeat',
    defaultMessage: 'Every QR code in your subscription is in use. Add one more QR code to your subscription first.',
  },
  codeNotFound: { id: 'server.code.notFound', defaultMessage: 'QR code not found' },
  codeCreateFailed: { id: 'server.code.createFailed', defaultMessage: 'The QR code could not be created; please try again' },
  codeNoFreeSlug: { id: 'server.code.noFreeSlug', defaultMessage: 'Could not find a free short link; please try again' },
  codePageQuery: { id: 'server.code.pageQuery', defaultMessage: 'A page needs a known sort and a limit from 1 to 100' },
  codeDomainId: { id: 'server.code.domainId', defaultMessage: 'The domain must be given by its id' },
  codeTemplateId: { id: 'server.code.templateId', defaultMessage: 'The design template must be given by its id' },
  codeConfirmDomainMove: { id: 'server.code.confirmDomainMove', defaultMessage: 'confirmDomainMove must be true or false' },
  codeUniqueWindow: { id: 'server.code.uniqueWindow', defaultMessage: 'The unique-visitor window must be "hour" or "day"' },
  codePasswordLength: { id: 'server.code.passwordLength', defaultMessage: 'The password must have {min, number} to {max, number} characters' },
  codePasswordInvalid: { id: 'server.code.passwordInvalid', defaultMessage: 'Invalid password' },
  codeSlugPattern: { id: 'server.code.slugPattern', defaultMessage: 'A custom short link has 4 to 32 letters, digits, - or _' },
  codeSlugReserved: { id: 'server.code.slugReserved', defaultMessage: 'This short link is reserved: choose another' },
  codeSlugTaken: { id: 'server.code.slugTaken', defaultMessage: 'This short link is already taken: choose another' },
  codeSlugConfusable: { id: 'server.code.slugConfusable', defaultMessage: 'This short link looks too much like one already in use: choose another' },
  codeStaleVersion: {
    id: 'server.code.staleVersion',
    defaultMessage: 'The code has changed since you read it (If-Match does not name its current ETag): get it again and retry with the new ETag',
  },
  codeListSort: { id: 'server.code.listSort', defaultMessage: 'Sort by created, updated, name, scans or lastScan' },
  codeListFolder: { id: 'server.code.listFolder', defaultMessage: 'The folder must be the id of one of your folders, or none' },
  codeListState: { id: 'server.code.listState', defaultMessage: 'The state must be one of {states}' },
  codeListSearch: { id: 'server.code.listSearch', defaultMessage: 'The search must be text of at most {max, number} characters' },
  codePreviewVersion: { id: 'server.code.previewVersion', defaultMessage: 'The version must be text of at most 64 characters' },

  // Design (qr.dto.ts, qr-service rendering)
  designEyeStyle: { id: 'server.design.eyeStyle', defaultMessage: 'The eye style must be square, rounded or circle' },
  designEyeColour: { id: 'server.design.eyeColour', defaultMessage: 'The eye colour must be a hex colour like #1a2b3c' },
  designGradient: {
    id: 'server.design.gradient',
    defaultMessage: 'The gradient needs a second colour like #1a2b3c and an angle from 0 to 359 degrees',
  },
  designTransparent: { id: 'server.design.transparent', defaultMessage: 'Transparent background must be true or false' },
  designFrame: { id: 'server.design.frame', defaultMessage: 'The frame must be none, label or border' },
  designFrameText: { id: 'server.design.frameText', defaultMessage: 'The frame text must be 1 to {max, number} characters' },
  designFrameTextCharacters: {
    id: 'server.design.frameTextCharacters',
    defaultMessage: 'The frame text can use Latin letters, digits, spaces and common punctuation only',
  },
  designFrameMargin: {
    id: 'server.design.frameMargin',
    defaultMessage: 'A frame needs a margin of at least {min, number} modules between it and the code',
  },
  designLogoTarget: {
    id: 'server.design.logoTarget',
    defaultMessage:
      "The logo looks like a target (rings around a centre), which scanners mistake for one of the code's corner squares: use a version without the rings, or one set on a plain shape",
  },
  designErrorCorrection: { id: 'server.design.errorCorrection', defaultMessage: 'Error correction must be L, M, Q or H' },
  designMargin: { id: 'server.design.margin', defaultMessage: 'The margin must be a whole number from {min, number} to {max, number}' },
  designMarginModules: {
    id: 'server.design.marginModules',
    defaultMessage: 'The margin must be a whole number of modules from {min, number} to {max, number}',
  },
  designDotStyle: { id: 'server.design.dotStyle', defaultMessage: 'The dot style must be square, rounded or dots' },
  designObject: {
    id: 'server.design.object',
    defaultMessage: 'The design must be an object with colours, error correction, margin, dot style, eyes, frame and logo',
  },
  designUnknownSetting: { id: 'server.design.unknownSetting', defaultMessage: 'Unknown design setting "{key}"' },
  designForeground: { id: 'server.design.foreground', defaultMessage: 'The foreground colour must be a hex colour like #1a2b3c' },
  designBackground: { id: 'server.design.background', defaultMessage: 'The background colour must be a hex colour like #ffffff' },
  designDarker: {
    id: 'server.design.darker',
    defaultMessage:
      "The {what, select, gradient {gradient's second} eye {eye} other {foreground}} colour must be darker than the {against, select, white {white (a transparent code is judged against white)} other {background}}: many scanners cannot read light codes on a dark background",
  },
  designContrast: {
    id: 'server.design.contrast',
    defaultMessage:
      'Foreground and background colours are too similar to scan reliably (contrast {ratio, number}:1, at least {min, number}:1 needed)',
  },
  designContrastOther: {
    id: 'server.design.contrastOther',
    defaultMessage:
      "{what, select, gradient {Gradient's second} eye {Eye} other {Foreground}} colour and {against, select, white {white (a transparent code is judged against white)} other {background}} are too similar to scan reliably (contrast {ratio, number}:1, at least {min, number}:1 needed)",
  },

  // Logo
  logoType: { id: 'server.logo.type', defaultMessage: 'The logo must be a PNG, JPEG or WebP image' },
  logoTooLarge: { id: 'server.logo.tooLarge', defaultMessage: 'The logo is too large: upload an image of at most 1 MB' },
  logoUnreadable: { id: 'server.logo.unreadable', defaultMessage: 'The logo could not be read' },
  logoEmpty: { id: 'server.logo.empty', defaultMessage: 'The logo file is empty' },
  logoTooManyPixels: { id: 'server.logo.tooManyPixels', defaultMessage: 'The logo has too many pixels: use an image of at most 40 megapixels' },
  logoDamaged: { id: 'server.logo.damaged', defaultMessage: 'The logo image could not be read; the file may be damaged' },
  logoNotValid: { id: 'server.logo.notValid', defaultMessage: 'The logo is not valid: upload the logo again' },
  logoConvertedPng: { id: 'server.logo.convertedPng', defaultMessage: 'The logo must be a converted PNG: upload the logo again' },
  logoDataDamaged: { id: 'server.logo.dataDamaged', defaultMessage: 'The logo data is damaged: upload the logo again' },
  logoStoredTooLarge: { id: 'server.logo.storedTooLarge', defaultMessage: 'The logo is too large: upload the logo again' },
  logoNotPng: { id: 'server.logo.notPng', defaultMessage: 'The logo data is not a PNG image: upload the logo again' },
  logoMaxSide: { id: 'server.logo.maxSide', defaultMessage: 'The logo must be at most {max, number}x{max, number} pixels: upload the logo again' },

  // Images, downloads and print (qr.dto.ts, print-download.dto.ts, qr-archive.dto.ts)
  imageFormat: { id: 'server.image.format', defaultMessage: 'The format must be png, svg or pdf' },
  imageSize: { id: 'server.image.size', defaultMessage: 'The size must be a whole number of pixels from {min, number} to {max, number}' },
  imageRenderSize: { id: 'server.image.renderSize', defaultMessage: 'The image size must be a whole number of pixels from {min, number} to {max, number}' },
  imageRenderFormat: { id: 'server.image.renderFormat', defaultMessage: 'The image format must be png, svg or pdf' },
  imageTextLength: { id: 'server.image.textLength', defaultMessage: 'The text to encode must be 1 to {max, number} characters' },
  imageCannotEncode: { id: 'server.image.cannotEncode', defaultMessage: 'The text cannot be encoded as a QR code: {reason}' },
  imageNeedsFormatAndSize: { id: 'server.image.needsFormatAndSize', defaultMessage: 'A download needs a format and a size' },
  imagePrintOutOfRange: { id: 'server.image.printOutOfRange', defaultMessage: 'The print size or bleed is out of range' },
  printSizeNumber: { id: 'server.print.sizeNumber', defaultMessage: 'The print size must be a number' },
  printSizeRange: { id: 'server.print.sizeRange', defaultMessage: 'The print size must be a number from {min, number} to {max, number} {unit}' },
  printUnit: { id: 'server.print.unit', defaultMessage: 'The unit must be mm or in' },
  printBleedNumber: { id: 'server.print.bleedNumber', defaultMessage: 'The bleed must be a number' },
  printBleedRange: { id: 'server.print.bleedRange', defaultMessage: 'The bleed must be a number from 0 to {max, number} {unit}' },
  printCropMarks: { id: 'server.print.cropMarks', defaultMessage: 'Crop marks must be true or false' },
  printCropMarksNeedBleed: { id: 'server.print.cropMarksNeedBleed', defaultMessage: 'Crop marks need a bleed margin to sit in' },
  printNeedsPrintSize: { id: 'server.print.needsPrintSize', defaultMessage: 'A unit, bleed or crop marks need a print size' },
  printPdfOnly: { id: 'server.print.pdfOnly', defaultMessage: 'A print size, bleed and crop marks apply to PDF downloads only' },
  printArchivePdfOnly: { id: 'server.print.archivePdfOnly', defaultMessage: 'A unit, bleed and crop marks apply to PDF downloads only' },
  archiveBody: {
    id: 'server.archive.body',
    defaultMessage: 'Send the codes to download as \'{ "ids": [...], "format": "png", "size": 1024 }\'',
  },
  archiveIds: { id: 'server.archive.ids', defaultMessage: 'Choose 1 to {max, number} codes to download' },
  archiveIdsText: { id: 'server.archive.idsText', defaultMessage: 'Each code must be given by its id' },
  archiveNotFound: {
    id: 'server.archive.notFound',
    defaultMessage:
      '{count, plural, one {One of the chosen codes was not found: it may have been deleted} other {# of the chosen codes were not found: they may have been deleted}}',
  },

  // Analytics
  analyticsDateFormat: { id: 'server.analytics.dateFormat', defaultMessage: 'Dates must look like 2025-01-31' },
  analyticsRealDays: { id: 'server.analytics.realDays', defaultMessage: 'Dates must be real days like 2025-01-31' },
  analyticsStartAfterEnd: { id: 'server.analytics.startAfterEnd', defaultMessage: 'The start date must not be after the end date' },
  analyticsRangeMax: { id: 'server.analytics.rangeMax', defaultMessage: 'Choose a range of at most {max, plural, one {# day} other {# days}}' },
  analyticsUnknownTimeZone: { id: 'server.analytics.unknownTimeZone', defaultMessage: 'Unknown time zone' },
  analyticsCompare: { id: 'server.analytics.compare', defaultMessage: 'compare must be "previous"' },
  analyticsSort: { id: 'server.analytics.sort', defaultMessage: 'Sort by scans, uniqueScans, change or name' },
  analyticsEuPrivacy: { id: 'server.analytics.euPrivacy', defaultMessage: 'euPrivacy must be true or false' },

  // History and activity
  historyKind: { id: 'server.history.kind', defaultMessage: 'The kind must be one of {kinds}' },
  historyActivityKind: { id: 'server.history.activityKind', defaultMessage: 'The kind must be scans or one of {kinds}' },
  historyCodeId: { id: 'server.history.codeId', defaultMessage: 'The codeId must be the id of one of your QR codes' },

  // Tags, folders, bulk actions (organise.dto.ts)
  organiseTagsList: { id: 'server.organise.tagsList', defaultMessage: 'Tags must be a list of words' },
  organiseTagEmpty: { id: 'server.organise.tagEmpty', defaultMessage: 'A tag cannot be empty' },
  organiseTagTooLong: { id: 'server.organise.tagTooLong', defaultMessage: 'A tag can have at most {max, number} characters' },
  organiseTagCharacters: { id: 'server.organise.tagCharacters', defaultMessage: 'A tag can only hold letters, digits, spaces, "-" and "_"' },
  organiseTooManyTags: { id: 'server.organise.tooManyTags', defaultMessage: 'A code can have at most {max, number} tags' },
  organiseFolderId: { id: 'server.organise.folderId', defaultMessage: 'The folder must be the id of one of your folders' },
  organiseFolderNotFound: { id: 'server.organise.folderNotFound', defaultMessage: 'Folder not found' },
  organiseFolderNameRequired: { id: 'server.organise.folderNameRequired', defaultMessage: 'A folder needs a name' },
  organiseFolderNameTooLong: { id: 'server.organise.folderNameTooLong', defaultMessage: 'A folder name can have at most {max, number} characters' },
  organiseFolderNameTaken: { id: 'server.organise.folderNameTaken', defaultMessage: 'You already have a folder with this name' },
  organiseTooManyFolders: { id: 'server.organise.tooManyFolders', defaultMessage: 'You can have at most {max, number} folders' },
  organiseBulkIds: { id: 'server.organise.bulkIds', defaultMessage: 'Choose from 1 to {max, number} codes' },
  organiseBulkIdsInvalid: { id: 'server.organise.bulkIdsInvalid', defaultMessage: 'Some of the chosen codes are not valid code ids' },
  organiseBulkNotFound: { id: 'server.organise.bulkNotFound', defaultMessage: 'Some of the chosen codes were not found: nothing was changed' },
  organiseBulkTag: { id: 'server.organise.bulkTag', defaultMessage: 'Give the tag to add or remove' },
  organiseOperation: { id: 'server.organise.operation', defaultMessage: 'The operation must be add or remove' },

  // Hosted pages (content.dto.ts, qr-service content)
  contentType: { id: 'server.content.type', defaultMessage: 'Choose a contact card, link list, file or Wi-Fi network' },
  contentRequired: { id: 'server.content.required', defaultMessage: 'This field is required' },
  contentTooLong: { id: 'server.content.tooLong', defaultMessage: 'Use at most {max, number} characters' },
  contentName: { id: 'server.content.name', defaultMessage: 'Enter a first or last name' },
  contentPhone: { id: 'server.content.phone', defaultMessage: 'Enter a phone number of digits, spaces and + ( ) - . only' },
  contentEmail: { id: 'server.content.email', defaultMessage: 'Enter a valid email address' },
  contentTooManyPhones: { id: 'server.content.tooManyPhones', defaultMessage: 'Add at most {max, number} phone numbers' },
  contentTooManyEmails: { id: 'server.content.tooManyEmails', defaultMessage: 'Add at most {max, number} email addresses' },
  contentLinksRequired: { id: 'server.content.linksRequired', defaultMessage: 'Add at least one button' },
  contentTooManyLinks: { id: 'server.content.tooManyLinks', defaultMessage: 'Add at most {max, number} buttons' },
  contentLinkLabel: { id: 'server.content.linkLabel', defaultMessage: 'Give the button a label' },
  contentFileRequired: { id: 'server.content.fileRequired', defaultMessage: 'Upload a PDF or an image' },
  contentFileId: { id: 'server.content.fileId', defaultMessage: 'Upload the file again' },
  contentSsid: { id: 'server.content.ssid', defaultMessage: 'Enter the network name' },
  contentSsidTooLong: { id: 'server.content.ssidTooLong', defaultMessage: 'The network name is at most {max, number} bytes' },
  contentSecurity: { id: 'server.content.security', defaultMessage: 'Security must be WPA/WPA2/WPA3, WEP or none' },
  contentWpaPassword: { id: 'server.content.wpaPassword', defaultMessage: 'A WPA password has 8 to 63 characters' },
  contentWepPassword: { id: 'server.content.wepPassword', defaultMessage: 'A WEP key has 5 or 13 characters, or 10 or 26 hexadecimal digits' },
  contentNoPassword: { id: 'server.content.noPassword', defaultMessage: 'An open network has no password' },
  contentFileType: { id: 'server.content.fileType', defaultMessage: 'The file must be a PDF or an image (PNG, JPEG, WebP or GIF)' },
  contentImageType: { id: 'server.content.imageType', defaultMessage: 'The image must be a PNG, JPEG, WebP or GIF' },
  contentWrongFileType: { id: 'server.content.wrongFileType', defaultMessage: '{problem}; this file is {type}' },
  contentFileTooLarge: { id: 'server.content.fileTooLarge', defaultMessage: 'The file is too large: upload at most {max, number} MB' },
  contentFileEmpty: { id: 'server.content.fileEmpty', defaultMessage: 'The file is empty' },
  contentContentOnly: { id: 'server.content.contentOnly', defaultMessage: 'A content code has no web address: edit its content instead' },
  contentWebsiteOnly: { id: 'server.content.websiteOnly', defaultMessage: 'This code leads to a website: it has no hosted content' },
  contentPasswordProtected: { id: 'server.content.passwordProtected', defaultMessage: 'Hosted pages cannot be password protected' },
  contentUnknownField: { id: 'server.content.unknownField', defaultMessage: 'Unknown field {field}' },
  contentInvalid: { id: 'server.content.invalid', defaultMessage: 'Invalid content' },
  contentFileUnreadable: { id: 'server.content.fileUnreadable', defaultMessage: 'The file could not be read' },
  contentImageUnreadable: { id: 'server.content.imageUnreadable', defaultMessage: 'The image could not be read: it may be damaged or too large' },
  contentPurpose: { id: 'server.content.purpose', defaultMessage: 'The purpose must be file or image' },
  contentVariant: { id: 'server.content.variant', defaultMessage: 'The variant must be avatar' },
  contentPageMissing: { id: 'server.content.pageMissing', defaultMessage: 'This page does not exist' },
  contentCodeInactive: { id: 'server.content.codeInactive', defaultMessage: 'This QR code is not active' },
  contentFileNotFound: { id: 'server.content.fileNotFound', defaultMessage: 'File not found' },
  contentNoContactCard: { id: 'server.content.noContactCard', defaultMessage: 'This page has no contact card' },

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

  // Bulk import (bulk-import.dto.ts, qr-service bulk import)
  bulkTooLarge: { id: 'server.bulk.tooLarge', defaultMessage: 'The file is too large: upload a CSV file of at most {max, number} MB.' },
  bulkTooManyRows: {
    id: 'server.bulk.tooManyRows',
    defaultMessage:
      'The file has {rows, plural, one {# row} other {# rows}}: upload at most {max, plural, one {# row} other {# rows}} at a time.',
  },
  bulkEmpty: { id: 'server.bulk.empty', defaultMessage: 'The file has no rows below its header: add one row per QR code.' },
  bulkNotUtf8: { id: 'server.bulk.notUtf8', defaultMessage: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again.' },
  bulkNotCsv: { id: 'server.bulk.notCsv', defaultMessage: 'Upload the file as CSV text (Content-Type text/csv).' },
  bulkMissingColumn: {
    id: 'server.bulk.missingColumn',
    defaultMessage:
      'The file has no "{column}" column: its header row must name the columns name, destination, category, tags, slug and template (category, tags, slug and template are optional).',
  },
  bulkUnknownColumn: {
    id: 'server.bulk.unknownColumn',
    defaultMessage: 'The column "{column}" is not one we know: use name, destination, category, tags, slug and template.',
  },
  bulkDomainUnknown: {
    id: 'server.bulk.domainUnknown',
    defaultMessage:
      '"{domain}" is not one of this workspace\'s verified custom domains: add and verify it first, or leave the cell empty.',
  },
  bulkTemplateUnknown: {
    id: 'server.bulk.templateUnknown',
    defaultMessage: 'You have no design template named "{name}": check the name, or save the design as a template first.',
  },
  bulkDesignTemplateId: { id: 'server.bulk.designTemplateId', defaultMessage: 'Choose one of your design templates, or the default design' },
  bulkDuplicateColumn: { id: 'server.bulk.duplicateColumn', defaultMessage: 'The column "{column}" appears twice in the header row.' },
  bulkTooManyTags: { id: 'server.bulk.tooManyTags', defaultMessage: 'At most {max, number} tags per QR code.' },
  bulkTagTooLong: { id: 'server.bulk.tagTooLong', defaultMessage: 'Each tag must be at most {max, number} characters ("{tag}" is longer).' },
  bulkSlugRepeated: { id: 'server.bulk.slugRepeated', defaultMessage: 'Row {row, number} of this file already uses this short link.' },
  bulkNothingToCreate: { id: 'server.bulk.nothingToCreate', defaultMessage: 'No row of this import is ready to create: fix the rows with errors first.' },
  bulkTotalChanged: {
    id: 'server.bulk.totalChanged',
    defaultMessage: 'The total has changed since you saw it. Please review the new total and confirm again.',
  },
  bulkAlreadyStarted: { id: 'server.bulk.alreadyStarted', defaultMessage: 'This import has already started: follow its progress instead.' },
  bulkNotFound: { id: 'server.bulk.notFound', defaultMessage: 'Import not found' },
  bulkNotCancellable: { id: 'server.bulk.notCancellable', defaultMessage: 'This import has already finished: there is nothing left to cancel.' },
  bulkCancelled: { id: 'server.bulk.cancelled', defaultMessage: 'Not created: the import was cancelled.' },
  bulkUploadInterrupted: { id: 'server.bulk.uploadInterrupted', defaultMessage: 'The upload was interrupted before the end of the file: upload it again.' },
  bulkTotalCents: { id: 'server.bulk.totalCents', defaultMessage: 'The total must be a whole number of cents' },
  bulkCsvUnreadable: { id: 'server.bulk.csvUnreadable', defaultMessage: 'The file could not be read as CSV: check its quotes and separators (commas).' },
  bulkCsvUnreadableLine: {
    id: 'server.bulk.csvUnreadableLine',
    defaultMessage: 'The file could not be read as CSV (line {line, number}): check its quotes and separators (commas).',
  },
  bulkControlCharacters: {
    id: 'server.bulk.controlCharacters',
    defaultMessage: 'Row {row, number} contains control characters: remove them and upload the file again.',
  },
  bulkRowFailed: { id: 'server.bulk.rowFailed', defaultMessage: 'This QR code could not be created. Please try again with a new import.' },
  bulkRowNotInImport: { id: 'server.bulk.rowNotInImport', defaultMessage: 'Row {row, number} is not in this import' },
  bulkRowNotFound: { id: 'server.bulk.rowNotFound', defaultMessage: 'Row not found' },

  // Abuse reports and takedowns
  abuseCodeRequired: { id: 'server.abuse.codeRequired', defaultMessage: 'Enter the QR code’s short link or its 7-character code' },
  abuseCodeInvalid: {
    id: 'server.abuse.codeInvalid',
    defaultMessage: 'That is not one of our QR code links. It looks like https://…/r/AbC1234 or just AbC1234.',
  },
  abuseReason: { id: 'server.abuse.reason', defaultMessage: 'Choose what is wrong with this QR code' },
  abuseDetailsTooLong: { id: 'server.abuse.detailsTooLong', defaultMessage: 'Please keep the details under {max, number} characters' },
  abuseAccepted: { id: 'server.abuse.accepted', defaultMessage: 'Thank you. Your report has reached our team; we look at every one.' },
  abuseTakedownReasonRequired: {
    id: 'server.abuse.takedownReasonRequired',
    defaultMessage: 'Give the reason for taking this code down (the owner reads it)',
  },
  abuseTakedownReasonTooLong: { id: 'server.abuse.takedownReasonTooLong', defaultMessage: 'Keep the reason under {max, number} characters' },
  abuseBlockedDestination: {
    id: 'server.abuse.blockedDestination',
    defaultMessage: 'Links to this website are not allowed on QR Dynamic (it is on our abuse blocklist). Use another destination.',
  },
  abuseStatus: { id: 'server.abuse.status', defaultMessage: 'Status must be open or resolved' },
  abuseReportNotFound: { id: 'server.abuse.reportNotFound', defaultMessage: 'Report not found' },
  abuseDeletedByOwner: { id: 'server.abuse.deletedByOwner', defaultMessage: 'This QR code was deleted by its owner; it already answers "not found".' },
  abuseDestinationBlocked: { id: 'server.abuse.destinationBlocked', defaultMessage: 'Its destination is on {domain}, a website on our abuse blocklist.' },
  abuseLinkBlocked: { id: 'server.abuse.linkBlocked', defaultMessage: 'A link on its page leads to {domain}, a website on our abuse blocklist.' },
  abuseStillBlocked: {
    id: 'server.abuse.stillBlocked',
    defaultMessage:
      'This code still leads to {domain}, which is on the blocklist: it would be taken down again. The owner must change its destination first.',
  },
  abusePageStillBlocked: {
    id: 'server.abuse.pageStillBlocked',
    defaultMessage:
      "This code's page still links to {domain}, which is on the blocklist: it would be taken down again. The owner must change that link first.",
  },

  // Data export
  exportFailed: { id: 'server.export.failed', defaultMessage: 'The export could not be built. Please try again later.' },
  exportNotFound: { id: 'server.export.notFound', defaultMessage: 'Export not found' },
  exportExpired: { id: 'server.export.expired', defaultMessage: 'This export has expired. Start a new one from your account page.' },
  exportNotReady: { id: 'server.export.notReady', defaultMessage: 'This export is not ready yet' },

  // Workspaces, members, invitations, ownership
  workspaceNotFound: { id: 'server.workspace.notFound', defaultMessage: 'Workspace not found' },
  workspaceRoleNotAllowed: { id: 'server.workspace.roleNotAllowed', defaultMessage: 'Your role in this workspace ({role}) does not allow this' },
  workspaceRoleNoMembers: {
    id: 'server.workspace.roleNoMembers',
    defaultMessage: 'Your role in this workspace ({role}) does not allow managing members',
  },
  workspaceNameRequired: { id: 'server.workspace.nameRequired', defaultMessage: 'Give the workspace a name' },
  workspaceNameTooLong: { id: 'server.workspace.nameTooLong', defaultMessage: 'A workspace name has at most {max, number} characters' },
  workspaceTooManyOwned: {
    id: 'server.workspace.tooManyOwned',
    defaultMessage: 'You own {max, number} shared workspaces, the most one account can: delete one you no longer use first',
  },
  workspacePersonalKeepsName: {
    id: 'server.workspace.personalKeepsName',
    defaultMessage: 'Your personal workspace keeps its name: create a shared workspace to name one',
  },
  workspacePasswordToDelete: { id: 'server.workspace.passwordToDelete', defaultMessage: 'Enter your password to delete this workspace' },
  workspacePersonalGoesWithAccount: {
    id: 'server.workspace.personalGoesWithAccount',
    defaultMessage: 'Your personal workspace goes only with your account: delete the account to delete it',
  },
  workspaceChooseNewOwner: { id: 'server.workspace.chooseNewOwner', defaultMessage: 'Choose the member who is to become the owner' },
  workspaceAuditAction: { id: 'server.workspace.auditAction', defaultMessage: 'The action must be one of {actions}' },
  memberChooseRole: { id: 'server.member.chooseRole', defaultMessage: 'Choose a role' },
  memberChooseRoleOf: { id: 'server.member.chooseRoleOf', defaultMessage: 'Choose a role: {roles}' },
  memberOwnerByTransfer: {
    id: 'server.member.ownerByTransfer',
    defaultMessage: 'A member becomes an owner by accepting a transfer of ownership, not by a change of role',
  },
  memberPersonalStaysOwner: { id: 'server.member.personalStaysOwner', defaultMessage: 'This is their personal workspace: they stay its owner' },
  memberCannotLeavePersonal: { id: 'server.member.cannotLeavePersonal', defaultMessage: 'You cannot leave your personal workspace' },
  memberCannotRemoveFromPersonal: {
    id: 'server.member.cannotRemoveFromPersonal',
    defaultMessage: 'This is their personal workspace: they cannot be removed from it',
  },
  memberLastOwner: {
    id: 'server.member.lastOwner',
    defaultMessage: 'You are its last owner: hand ownership to another member (Workspace settings) before you leave',
  },
  memberNotMember: { id: 'server.member.notMember', defaultMessage: 'That person is not a member of this workspace' },
  memberOnlyOwnerChangesOwner: { id: 'server.member.onlyOwnerChangesOwner', defaultMessage: 'Only an owner can change or remove an owner' },
  memberNeedsOwner: { id: 'server.member.needsOwner', defaultMessage: 'A workspace needs an owner: it would have none left' },
  invitationLinkInvalid: { id: 'server.invitation.linkInvalid', defaultMessage: 'This invitation link is not valid' },
  invitationUsed: { id: 'server.invitation.used', defaultMessage: 'This invitation has already been used' },
  invitationAccepted: { id: 'server.invitation.accepted', defaultMessage: 'This invitation has already been accepted' },
  invitationWithdrawn: { id: 'server.invitation.withdrawn', defaultMessage: 'This invitation has been withdrawn' },
  invitationExpired: { id: 'server.invitation.expired', defaultMessage: 'This invitation has expired: ask for a new one' },
  invitationNotFound: { id: 'server.invitation.notFound', defaultMessage: 'Invitation not found' },
  invitationSignInToAccept: { id: 'server.invitation.signInToAccept', defaultMessage: 'Sign in to accept the invitation' },
  invitationForOtherSignUp: { id: 'server.invitation.forOtherSignUp', defaultMessage: 'This invitation is for {email}: sign up with that address' },
  invitationUseInvitedAddress: { id: 'server.invitation.useInvitedAddress', defaultMessage: 'Use the invited address, {email}' },
  invitationForOtherSignIn: {
    id: 'server.invitation.forOtherSignIn',
    defaultMessage: 'This invitation is for {email}: sign in with the account of that address',
  },
  invitationAlreadyMember: { id: 'server.invitation.alreadyMember', defaultMessage: '{email} is already a member of this workspace' },
  invitationAlreadyInvited: {
    id: 'server.invitation.alreadyInvited',
    defaultMessage: '{email} has already been invited: send the invitation again instead',
  },
  invitationSentRecently: {
    id: 'server.invitation.sentRecently',
    defaultMessage: 'This invitation was sent less than a minute ago: wait a moment before sending it again',
  },
  invitationHourlyLimit: {
    id: 'server.invitation.hourlyLimit',
    defaultMessage: 'This workspace has sent {max, number} invitations in the last hour: try again later',
  },
  transferPersonal: {
    id: 'server.transfer.personal',
    defaultMessage: 'A personal workspace stays with its account: create a shared workspace to hand one over',
  },
  transferAlreadyOwn: { id: 'server.transfer.alreadyOwn', defaultMessage: 'You already own this workspace' },
  transferNotMemberInvite: { id: 'server.transfer.notMemberInvite', defaultMessage: 'That person is not a member of this workspace: invite them first' },
  transferAlreadyOwner: { id: 'server.transfer.alreadyOwner', defaultMessage: 'That member is already an owner' },
  transferNoOffer: { id: 'server.transfer.noOffer', defaultMessage: 'There is no offer of ownership for you in this workspace any more' },
  transferOfferExpired: { id: 'server.transfer.offerExpired', defaultMessage: 'This offer of ownership has expired: ask the owner to offer it again' },
  transferOfferLapsed: {
    id: 'server.transfer.offerLapsed',
    defaultMessage: 'The member who offered ownership is no longer an owner: the offer has lapsed',
  },
  transferNothingToWithdraw: { id: 'server.transfer.nothingToWithdraw', defaultMessage: 'There is no offer of ownership to withdraw' },
});

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
