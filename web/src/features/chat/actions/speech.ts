import { create } from 'zustand';

/**
 * Reading a reply aloud with the browser's speech synthesis (zh-CN). One reply speaks at a
 * time: starting another stops the first; the same button stops it (docs/product/chat.md §4).
 */

interface SpeechState {
  /** The message being read, if any. */
  speakingId: string | null;
}

export const useSpeechStore = create<SpeechState>()(() => ({ speakingId: null }));

export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
}

/** Markdown to what should be heard: no code blocks, formula sources, link targets or symbols. */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s*\|?[\s:-]+\|[\s|:-]*$/gm, ' ')
    .replace(/[#*_>|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function stopSpeaking(): void {
  if (speechSupported()) window.speechSynthesis.cancel();
  useSpeechStore.setState({ speakingId: null });
}

/** Starts reading `text` for message `id`, or stops when it is the one being read. Returns whether it now plays. */
export function toggleSpeech(id: string, text: string): boolean {
  if (!speechSupported()) return false;
  const playing = useSpeechStore.getState().speakingId;
  stopSpeaking();
  if (playing === id) return false;
  const utterance = new SpeechSynthesisUtterance(speakableText(text));
  utterance.lang = 'zh-CN';
  const voice = window.speechSynthesis.getVoices().find((v) => v.lang.replace('_', '-').toLowerCase().startsWith('zh-cn'));
  if (voice) utterance.voice = voice;
  const done = () => {
    if (useSpeechStore.getState().speakingId === id) useSpeechStore.setState({ speakingId: null });
  };
  utterance.onend = done;
  utterance.onerror = done;
  useSpeechStore.setState({ speakingId: id });
  window.speechSynthesis.speak(utterance);
  return true;
}
