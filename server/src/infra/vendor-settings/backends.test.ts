import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { VendorCredential } from '../../config';
import { vendorEnv, withVendorSettings } from './backends';

/** The two speech entries of the console (语音合成, 阿里云百炼 CosyVoice) laid over the environment's TTS_* settings. */
function values(saved: Record<string, VendorCredential>, env: Record<string, VendorCredential>) {
  return {
    savedOf: (id: string) => saved[id],
    credential: (id: string): VendorCredential => ({ ...env[id], ...saved[id] }),
  };
}

describe('speech vendor settings', () => {
  const minimax = loadConfig({ TTS_PROVIDER: 'minimax', TTS_API_KEY: 'mm-key', TTS_MODEL: 'speech-02-hd', TTS_VOICES: '[{"id":"female-shaonv"}]' });
  const cosyEnv = loadConfig({ TTS_PROVIDER: 'cosyvoice', TTS_API_KEY: 'cv-key', TTS_MODEL: 'cosyvoice-v3-plus' });

  it('shows TTS_PROVIDER=cosyvoice under its own entry, and the other providers under 语音合成', () => {
    expect(vendorEnv(cosyEnv)).toMatchObject({ cosyvoice: { apiKey: 'cv-key' }, tts: {} });
    expect(vendorEnv(cosyEnv).tts?.apiKey).toBeUndefined();
    expect(vendorEnv(minimax)).toMatchObject({ tts: { apiKey: 'mm-key' }, cosyvoice: {} });
  });

  it('a key saved for CosyVoice makes it the voice, without another vendor model or voices', () => {
    const c = withVendorSettings(minimax, values({ cosyvoice: { apiKey: 'cv-saved' } }, vendorEnv(minimax)));
    expect(c.tts).toMatchObject({ provider: 'cosyvoice', apiKey: 'cv-saved', model: undefined, voicesJson: undefined });
    // The environment's own CosyVoice model is kept.
    const same = withVendorSettings(cosyEnv, values({ cosyvoice: { apiKey: 'cv-saved' } }, vendorEnv(cosyEnv)));
    expect(same.tts).toMatchObject({ provider: 'cosyvoice', apiKey: 'cv-saved', model: 'cosyvoice-v3-plus' });
  });

  it('a key saved under 语音合成 over TTS_PROVIDER=cosyvoice speaks the OpenAI protocol with its default model', () => {
    const c = withVendorSettings(cosyEnv, values({ tts: { apiKey: 'oa-saved' } }, vendorEnv(cosyEnv)));
    expect(c.tts).toMatchObject({ provider: 'openai', apiKey: 'oa-saved', model: undefined });
  });
});
