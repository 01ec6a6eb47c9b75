import type { Config } from '../../config';
import { createDemoSpeech } from './demo';
import type { TextToSpeech } from './types';

export { createDemoSpeech, DEMO_VOICES } from './demo';
export { SpeechError, type SpeechFailure, type SpeechJob, type SpeechResult, type SpeechVoice, type TextToSpeech } from './types';

/**
 * The server's text to speech: the operator's vendor when one is configured (TTS_* settings), else
 * the demo voice in demo mode, else none (the voice tools then say the operator has not enabled it).
 */
export function createTextToSpeech(_config: Config, opts: { demo: boolean }): TextToSpeech | null {
  return opts.demo ? createDemoSpeech() : null;
}
