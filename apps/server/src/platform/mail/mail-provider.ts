/** One attachment of a message. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailMessage = { to: string[]; subject: string; text: string; attachments?: MailAttachment[] };

/**
 * A mail service. A real one (SMTP, a cloud mail API) implements the same shape; `send` rejects when the
 * service refuses the message, so the caller can tell the member it was not sent.
 */
export interface MailProvider {
  send(message: MailMessage): Promise<void>;
}
