/** Jobs of the auth-service's mail queue (ServiceQueue.Mail). */
export enum MailJob {
  Send = 'send',
  /**
   * "Mail a reset link to this address if it belongs to an active account": looked up in the
   * queue, so the HTTP answer takes the same time whether or not the account exists.
   */
  PasswordReset = 'password-reset',
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on a report. */
  headers?: Record<string, string>;
}

export interface MailJobPayloads {
  [MailJob.Send]: { mail: MailMessage };
  [MailJob.PasswordReset]: { email: string };
}
