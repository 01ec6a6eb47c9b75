/** Sends one verification code to one phone. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, code: string): Promise<void>;
}

/** A refusal or failure reported by the SMS vendor, with the vendor's own code. */
export class SmsError extends Error {
  constructor(
    readonly vendorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}
