import { defineMessages } from 'react-intl';

/** The bulk import, abuse report, data export and workspace messages of the server's English (see server-message-catalogue.ts). */
export const teamMessages = defineMessages({
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
