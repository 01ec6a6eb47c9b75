import { AppError } from '../src/http/errors';

/** Await a service call and answer 'ok' or the AppError code it refused with (other errors rethrow). */
export async function codeOf(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}
