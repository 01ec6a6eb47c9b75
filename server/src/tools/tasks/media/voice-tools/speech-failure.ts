import { MSG } from '@wanxiang/contract';
import { SpeechError } from '../../../../infra/speech';
import { TaskFailure } from '../../../../jobs';

/** A speech backend's error as the task's Chinese failure (chosen by its reason); anything else passes through. */
export function asTaskFailure(err: unknown): unknown {
  if (err instanceof SpeechError) return new TaskFailure(MSG.voiceFailure[err.reason]);
  return err;
}

export const DEMO_FAILURE_MARKER = '[demo:error=500]';
