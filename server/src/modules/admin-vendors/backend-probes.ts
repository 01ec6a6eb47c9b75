import { ADMIN_VENDORS_MSG, type AdminVendorTestRes } from '@wanxiang/contract';
import { createTextToSpeech, SpeechError } from '../../infra/speech';
import { klingToken } from '../../infra/video';
import { BACKEND_VENDORS, withVendorSettings } from '../../infra/vendor-settings/backends';
import type { VendorsContext } from './service';

/** An HTTP test call: where it goes, and how its 2xx body is read (null: fine; else the Chinese failure). */
export interface HttpPlan {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
  /** A vendor that answers HTTP 200 with its own error codes (Kling, MiniMax) is judged by the body. */
  judge?: (text: string) => string | null;
}

function parsed(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const short = (v: unknown) => (typeof v === 'string' ? v.slice(0, 160) : '');

/** Kling: the first page of its text-to-video tasks, signed with the JWT of the access and secret keys (free). */
export function klingPlan(base: string, accessKey: string, secretKey: string): HttpPlan {
  return {
    url: `${base}/v1/videos/text2video?pageNum=1&pageSize=1`,
    init: { method: 'GET', headers: { accept: 'application/json', authorization: `Bearer ${klingToken(accessKey, secretKey)}` } },
    judge: (text) => {
      const body = parsed(text);
      if (!body) return ADMIN_VENDORS_MSG.adminVendorTestAnswerInvalid;
      if (body.code === 0) return null;
      // Kling's 1000-1004: the signature or the keys are refused.
      if (typeof body.code === 'number' && body.code >= 1000 && body.code <= 1004) return ADMIN_VENDORS_MSG.adminVendorTestAuthFailed;
      return ADMIN_VENDORS_MSG.adminVendorTestVendorError(short(body.message));
    },
  };
}

/** MiniMax: the account's file list (free), judged by its base_resp (MiniMax answers HTTP 200 with error codes). */
export function minimaxPlan(base: string, apiKey: string): HttpPlan {
  return {
    url: `${base}/v1/files/list?purpose=voice_clone`,
    init: { method: 'GET', headers: { accept: 'application/json', authorization: `Bearer ${apiKey}` } },
    judge: (text) => {
      const resp = parsed(text)?.base_resp as { status_code?: unknown; status_msg?: unknown } | undefined;
      if (!resp) return ADMIN_VENDORS_MSG.adminVendorTestAnswerInvalid;
      if (resp.status_code === 0) return null;
      if (resp.status_code === 1004 || resp.status_code === 2049) return ADMIN_VENDORS_MSG.adminVendorTestAuthFailed;
      return ADMIN_VENDORS_MSG.adminVendorTestVendorError(short(resp.status_msg));
    },
  };
}

/** A Suno-style relay: the fetch of a task id nobody submitted (costs nothing), which a relay answers with JSON. */
export function sunoPlan(base: string, apiKey: string | undefined): HttpPlan {
  return {
    url: `${base}/suno/fetch/wanxiang-connection-test`,
    init: { method: 'GET', headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) } },
    judge: (text) => (parsed(text) ? null : ADMIN_VENDORS_MSG.adminVendorTestAnswerInvalid),
  };
}

/**
 * Text to speech: two characters spoken through the very adapter the voice tools use, built from the settings in force
 * (the cheapest call that proves the key, the voice model and the audio answer together). The entry's own values are
 * laid over them last, so the test of 阿里云百炼 CosyVoice speaks through CosyVoice even while 语音合成 is in force,
 * and the other way round.
 */
export async function speechProbe(ctx: VendorsContext, timeoutMs: number, entryId = 'tts'): Promise<AdminVendorTestRes> {
  const backend = BACKEND_VENDORS.find((b) => b.id === entryId);
  const inForce = withVendorSettings(ctx.config, ctx.vendorSettings);
  const cred = ctx.vendorSettings.credential(entryId);
  const config = backend && cred.apiKey ? backend.apply(inForce, cred, true) : inForce;
  const tts = backend && !cred.apiKey ? null : createTextToSpeech(config, { demo: false });
  if (!tts) return { ok: false, latencyMs: 0, message: ADMIN_VENDORS_MSG.adminVendorTestNotConfigured, status: null };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    await tts.synthesize({ text: '测试', voice: tts.voices()[0]?.id, format: 'mp3', signal: AbortSignal.timeout(timeoutMs) });
    const latencyMs = elapsed();
    return { ok: true, latencyMs, message: ADMIN_VENDORS_MSG.adminVendorTestOk(latencyMs), status: 200 };
  } catch (err) {
    const latencyMs = elapsed();
    const status = err instanceof SpeechError ? (err.status ?? null) : null;
    const reason = err instanceof SpeechError ? err.reason : err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network';
    const message =
      reason === 'auth'
        ? ADMIN_VENDORS_MSG.adminVendorTestAuthFailed
        : reason === 'rate_limited'
          ? ADMIN_VENDORS_MSG.adminVendorTestRateLimited
          : reason === 'timeout'
            ? ADMIN_VENDORS_MSG.adminVendorTestTimeout(Math.round(timeoutMs / 1000))
            : reason === 'network'
              ? ADMIN_VENDORS_MSG.adminVendorTestUnreachable
              : reason === 'bad_answer'
                ? ADMIN_VENDORS_MSG.adminVendorTestAnswerInvalid
                : ADMIN_VENDORS_MSG.adminVendorTestVendorError(status ? `HTTP ${status}` : '');
    return { ok: false, latencyMs, message, status };
  }
}
