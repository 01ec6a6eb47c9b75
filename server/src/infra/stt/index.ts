import type { Config } from '../../config';
import { createOpenAiSpeechToText } from './openai-compatible';
import { SttError, type SpeechToText } from './types';

export { SttError, type SpeechToText, type SttFailure, type SttInput, type TimedSegment, type TimedTranscript } from './types';
export { demoTimedTranscript, speechRegions } from './demo-timed';
export { createOpenAiSpeechToText } from './openai-compatible';

/**
 * No service configured: every transcription fails as not_configured, and the import dialog says
 * so plainly. There is no offline speech model to be had (see STACK.md), and a made-up transcript
 * would mislead the person asking.
 */
export const noSpeechToText: SpeechToText = {
  name: 'none',
  async transcribe() {
    throw new SttError('not_configured', 'no speech-to-text service configured (STT_PROVIDER)');
  },
  async transcribeTimed() {
    throw new SttError('not_configured', 'no speech-to-text service configured (STT_PROVIDER)');
  },
};

export function createSpeechToText(config: Config): SpeechToText {
  const stt = config.stt;
  if (stt.provider === 'openai') {
    return createOpenAiSpeechToText({
      baseUrl: stt.baseUrl,
      apiKey: stt.apiKey,
      model: stt.model,
      timeoutMs: stt.timeoutMs,
      language: stt.language,
    });
  }
  return noSpeechToText;
}
