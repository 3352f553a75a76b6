import { accountMessages } from './server-messages-account';
import { codeMessages } from './server-messages-codes';
import { campaignMessages } from './server-messages-campaigns';
import { teamMessages } from './server-messages-teams';

/**
 * The messages the API and the shared DTO validation (libs/contracts) answer with, in English: each
 * `defaultMessage` is the server's exact English, a variable part as an ICU placeholder
 * (server-messages.ts finds them in the server's text and shows them in the user's language).
 */
export const serverMessages = { ...accountMessages, ...codeMessages, ...campaignMessages, ...teamMessages };
