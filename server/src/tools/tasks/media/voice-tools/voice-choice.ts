import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../../../context';
import { createDemoSpeech, type SpeechVoice, type TextToSpeech } from '../../../../infra/speech';
import { TaskFailure } from '../../../../jobs';
import { CLONE_PREFIX, findClone, listClones, cloneVoiceValue, type CloneRow } from '../../../../modules/voice/clones';

/**
 * Which backend and vendor voice speak a picked voice id: a preset of the server's backend, or
 * the user's own clone (`clone:<id>`; another user's is not found). A demo clone is the espeak-ng
 * voice with the pitch and speed taken from its sample, spoken by the demo backend even when a
 * vendor is configured later.
 */

export type VoiceContext = Pick<AppContext, 'database' | 'speech'>;

export interface VoiceChoice {
  backend: TextToSpeech;
  voice?: string;
  /** Added to the user's pitch (semitones) and multiplied into the speed: a demo clone's traits. */
  pitchShift: number;
  speedFactor: number;
  /** The clone's name, for the result's file name. */
  label: string;
}

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

export function choiceOfClone(speech: TextToSpeech | null, clone: CloneRow): VoiceChoice {
  if (clone.vendor === 'demo') {
    const p = clone.params;
    return { backend: createDemoSpeech(), voice: String(p.base ?? 'demo-male'), pitchShift: num(p.pitch, 0), speedFactor: num(p.speed, 1), label: clone.name };
  }
  if (!speech?.cloner || speech.cloner.name !== clone.vendor) throw new TaskFailure(MSG.voiceCloneNotEnabled);
  return { backend: speech, voice: clone.vendorVoiceId, pitchShift: 0, speedFactor: 1, label: clone.name };
}

export async function chooseVoice(ctx: VoiceContext, userId: number, voiceId: unknown): Promise<VoiceChoice> {
  const id = typeof voiceId === 'string' ? voiceId.trim() : '';
  if (id.startsWith(CLONE_PREFIX)) {
    const clone = await findClone(ctx.database.db, userId, id.slice(CLONE_PREFIX.length));
    if (!clone) throw new TaskFailure(MSG.voiceUnknown);
    return choiceOfClone(ctx.speech, clone);
  }
  if (!ctx.speech) throw new TaskFailure(MSG.voiceNotEnabled);
  const presets = ctx.speech.voices();
  const preset = id ? presets.find((v) => v.id === id) : presets[0];
  if (!preset) throw new TaskFailure(MSG.voiceUnknown);
  return { backend: ctx.speech, voice: preset.id, pitchShift: 0, speedFactor: 1, label: preset.name };
}

export interface VoiceListItem extends SpeechVoice {
  /** 'preset' of the server's backend, or 'clone' of this user. */
  kind: 'preset' | 'clone';
  demo?: boolean;
}

/** The voice picker's list: the backend's presets, then the user's clones. */
export async function voicesFor(ctx: VoiceContext, userId: number | null): Promise<{ enabled: boolean; demo: boolean; vendor: string; clone: boolean; voices: VoiceListItem[] }> {
  const presets: VoiceListItem[] = (ctx.speech?.voices() ?? []).map((v) => ({ ...v, kind: 'preset' as const }));
  const clones: VoiceListItem[] = userId
    ? (await listClones(ctx.database.db, userId)).map((c) => ({ id: cloneVoiceValue(c.id), name: c.name, kind: 'clone' as const, ...(c.vendor === 'demo' ? { demo: true } : {}) }))
    : [];
  return {
    enabled: Boolean(ctx.speech),
    demo: Boolean(ctx.speech?.demo),
    vendor: ctx.speech?.name ?? 'none',
    clone: Boolean(ctx.speech?.cloner || ctx.speech?.demo),
    voices: [...clones, ...presets],
  };
}
