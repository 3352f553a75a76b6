import type { ReportReason } from '@qrd/contracts';
import { defineMessages } from 'react-intl';

/** The reasons of a report (REPORT_REASON_LABELS of @qrd/contracts), in the reader's language. */
export const REASON_MESSAGES = defineMessages({
  phishing: { id: 'site.abuse.reason.phishing', defaultMessage: 'Phishing or stealing passwords' },
  malware: { id: 'site.abuse.reason.malware', defaultMessage: 'Malware or unwanted downloads' },
  scam: { id: 'site.abuse.reason.scam', defaultMessage: 'Scam or fraud' },
  illegal: { id: 'site.abuse.reason.illegal', defaultMessage: 'Illegal or harmful content' },
  other: { id: 'site.abuse.reason.other', defaultMessage: 'Something else' },
}) satisfies Record<ReportReason, unknown>;

/** ABUSE_MESSAGES of @qrd/contracts that the web app says itself. */
export const ABUSE_TEXT = defineMessages({
  accepted: { id: 'site.abuse.accepted', defaultMessage: 'Thank you. Your report has reached our team; we look at every one.' },
  takedownReasonRequired: {
    id: 'site.abuse.takedownReasonRequired',
    defaultMessage: 'Give the reason for taking this code down (the owner reads it)',
  },
});
