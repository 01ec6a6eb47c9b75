import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/** Sends one verification code to one phone. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, code: string): Promise<void>;
}

export function createSmsProvider(_config: Config, _logger: FastifyBaseLogger): SmsProvider {
  throw new Error('not built yet');
}
