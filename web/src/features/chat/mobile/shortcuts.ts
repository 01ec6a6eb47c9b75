import { MSG } from '@wanxiang/contract';
import type { ChatToolName } from '../toolbar/tool-bus';

/** The writing/creation screen of the route table (docs/product/chat.md §2) that 创作中心 leads to. */
export const CREATION_CENTER_PATH = '/AiWriter/AiWritingAssistant';

export type ShortcutKind = 'image' | 'doc' | 'video' | 'voice' | 'web' | 'creation' | 'persona' | 'examples' | 'clear';

export interface Shortcut {
  kind: ShortcutKind;
  label: string;
  /** The chat tool this shortcut opens through the tool bus (its owner listens for the name). */
  tool?: ChatToolName;
  /** Or the screen it goes to. */
  path?: string;
}

/** The mobile plus panel (docs/product/chat.md §2), in the spec's order. */
export const SHORTCUTS: readonly Shortcut[] = [
  { kind: 'image', label: MSG.mobileShortcutImage, tool: 'image' },
  { kind: 'doc', label: MSG.mobileShortcutDoc, tool: 'doc' },
  { kind: 'video', label: MSG.mobileShortcutVideo, tool: 'video' },
  { kind: 'voice', label: MSG.mobileShortcutVoice, tool: 'voice' },
  { kind: 'web', label: MSG.mobileShortcutWeb, tool: 'web' },
  { kind: 'creation', label: MSG.mobileShortcutCreation, path: CREATION_CENTER_PATH },
  { kind: 'persona', label: MSG.personaToolButton, tool: 'persona' },
  { kind: 'examples', label: MSG.examplesTitle, tool: 'examples' },
  { kind: 'clear', label: MSG.chatClear, tool: 'clear' },
];
