import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createTencentSms } from './tencent';
import type { SmsProvider } from './types';

export { SmsError, type SmsProvider } from './types';
export { SMS_CODE_TTL_MINUTES, createTencentSms } from './tencent';

/** `console` writes the code to the log (development only; config refuses it in production). */
export function createConsoleSms(logger: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    async send(phone, code) {
      logger.info({ phone, code }, `[sms:console] verification code for ${phone}: ${code}`);
    },
  };
}

export function createSmsProvider(config: Config, logger: FastifyBaseLogger): SmsProvider {
  if (config.sms.provider === 'tencent') return createTencentSms(config.sms.tencent);
  return createConsoleSms(logger);
}
