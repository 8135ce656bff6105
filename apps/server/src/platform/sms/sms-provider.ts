/** An SMS gateway. Real gateways (Aliyun, Tencent Cloud) implement the same shape. */
export interface SmsProvider {
  send(message: { phone: string; content: string; code?: string }): Promise<void>;
}
