import { tc3Authorization } from './tc3-sign';
import { SmsError, type SmsProvider } from './types';

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  appId: string;
  signName: string;
  templateId: string;
  region: string;
  endpoint: string;
}

/** The template's second parameter: how many minutes the code stays valid. */
export const SMS_CODE_TTL_MINUTES = '5';
const VERSION = '2021-01-11';
const ACTION = 'SendSms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

interface SendSmsResponse {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: Array<{ Code?: string; Message?: string; PhoneNumber?: string }>;
    RequestId?: string;
  };
}

/**
 * Tencent Cloud SMS (API 3.0 SendSms). The template takes [code, minutes]. Vendor refusals become
 * SmsError with the vendor code; the secret key never leaves the signing function and is never logged.
 */
export function createTencentSms(s: TencentSmsSettings, opts: { timeoutMs?: number } = {}): SmsProvider {
  // fetch sends Host from the URL (default port omitted), which is exactly what url.host signs.
  const url = new URL(s.endpoint);
  return {
    name: 'tencent',
    async send(phone, code) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: s.appId,
        SignName: s.signName,
        TemplateId: s.templateId,
        TemplateParamSet: [code, SMS_CODE_TTL_MINUTES],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const authorization = tc3Authorization({
        secretId: s.secretId,
        secretKey: s.secretKey,
        service: 'sms',
        host: url.host,
        action: ACTION,
        contentType: CONTENT_TYPE,
        payload,
        timestamp,
      });
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': CONTENT_TYPE,
            'X-TC-Action': ACTION,
            'X-TC-Timestamp': String(timestamp),
            'X-TC-Version': VERSION,
            'X-TC-Region': s.region,
          },
          body: payload,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsError('NetworkError', `Tencent SMS unreachable: ${(err as Error).message}`);
      }
      const text = await res.text();
      let body: SendSmsResponse;
      try {
        body = JSON.parse(text) as SendSmsResponse;
      } catch {
        throw new SmsError(`HTTP${res.status}`, `Tencent SMS answered HTTP ${res.status} without JSON`);
      }
      const r = body.Response;
      if (r?.Error)
        throw new SmsError(
          r.Error.Code ?? 'Unknown',
          `Tencent SMS error ${r.Error.Code}: ${r.Error.Message ?? ''} (RequestId ${r.RequestId ?? '?'})`,
        );
      const status = r?.SendStatusSet?.[0];
      if (!status) throw new SmsError('NoStatus', `Tencent SMS answered without a send status (HTTP ${res.status})`);
      if (status.Code !== 'Ok')
        throw new SmsError(status.Code ?? 'Unknown', `Tencent SMS refused: ${status.Code}: ${status.Message ?? ''}`);
    },
  };
}
