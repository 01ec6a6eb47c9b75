import { page } from './page-entry';
import type { ToolSpec } from './spec';

/**
 * 语音对话 (voicetalk, voicethree, audiotalk): bespoke pages (web/src/features/voice-talk). They are
 * not metered by the registry: the answer goes through the chat stream (paid like chat), speech to
 * text and the spoken answer through /api/v1/voice/talk/* (server/src/modules/voice-talk).
 */
export const TALK_PAGE_IDS = { talk: 'voiceTalk', realtime: 'voiceRealtime', audio: 'audioTalk' } as const;

export const TALK_LIMITS = {
  /** Longest push-to-talk or hands-free turn. */
  turnMaxSeconds: 60,
  /** Shortest turn worth transcribing. */
  turnMinSeconds: 0.3,
  /** Longest text one speak call reads: one sentence or a few (the page speaks an answer sentence by sentence). */
  speakMaxChars: 300,
  /** Speech-to-text calls per user per minute. */
  transcribesPerMinute: 20,
  /** Speak calls per user per minute (an answer is spoken in several sentences). */
  speaksPerMinute: 120,
} as const;

export const TALK_TOOLS: readonly ToolSpec[] = [
  page({
    id: TALK_PAGE_IDS.talk,
    paths: ['/AiVioce/voicetalk'],
    title: '语音对话',
    description: '按住说话，AI 听懂后用文字和语音回答，对话记录随时查看',
    group: 'voice',
    icon: '🎙️',
    scenarios: ['media', 'life'],
    keywords: ['语音聊天', '语音问答', '对话', '口语'],
  }),
  page({
    id: TALK_PAGE_IDS.realtime,
    paths: ['/AiVioce/voicethree'],
    title: '实时语音',
    description: '免按键的实时语音对话：说完自动发送，AI 播报时开口即可打断',
    group: 'voice',
    icon: '📞',
    scenarios: ['media', 'life'],
    keywords: ['实时对话', '语音通话', '免提', '打断'],
  }),
  page({
    id: TALK_PAGE_IDS.audio,
    paths: ['/AiVioce/audiotalk'],
    title: '音频对话',
    description: '上传或录制一段音频，自动转写后就内容提问，回答读给你听',
    group: 'voice',
    icon: '🎧',
    scenarios: ['media', 'office', 'study'],
    keywords: ['音频问答', '录音总结', '会议录音', '转写'],
  }),
];
