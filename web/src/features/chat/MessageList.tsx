import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from 'antd';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import type { ChatMessage } from '../../stores/chat-state';
import { MessageItem } from './MessageItem';
import styles from './chat.module.css';

/** Messages mounted at first, and added each time the reader reaches the top. */
export const WINDOW_STEP = 40;
/** Within this many pixels of the bottom the list follows new text. */
const STICKY_PX = 96;

export interface MessageListProps {
  messages: ChatMessage[];
  modelOf: (key: string) => ModelEntry | undefined;
  userAvatar?: string;
  /** A reply is streaming (regenerate waits for it). */
  sending?: boolean;
  /** Rendered inside the scroll area after the messages (the footer). */
  footer?: ReactNode;
}

/**
 * The message list of one session. A 2,000-message chat must open fast (QUALITY G12): only the
 * newest messages are mounted, older ones join as the reader scrolls up (the scroll position is
 * kept), and off-screen rows skip layout and paint through `content-visibility`.
 */
export function MessageList({ messages, modelOf, userAvatar, sending = false, footer }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(WINDOW_STEP);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);

  const start = Math.max(0, messages.length - count);
  const shown = messages.slice(start);
  const hasEarlier = start > 0;
  const last = messages[messages.length - 1];

  const showEarlier = useCallback(() => {
    const el = scroller.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    setCount((c) => c + WINDOW_STEP);
  }, []);

  // Keep the reader's place when older messages are inserted above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current) return;
    el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
    anchor.current = null;
  }, [count]);

  // A new question always scrolls down (and re-arms following).
  const lastId = last?.id;
  const lastIsUser = last?.target === 'user' || (last?.state === 'waite' && messages[messages.length - 2]?.target === 'user');
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !lastIsUser) return;
    atBottom.current = true;
    el.scrollTop = el.scrollHeight;
  }, [lastId, lastIsUser]);

  // Follow growth (streaming text, rows measuring their real height, fonts, formulas) while the
  // reader is at the bottom; once they scroll up, leave them where they are.
  useEffect(() => {
    const el = scroller.current;
    const content = listRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (atBottom.current && !anchor.current) el.scrollTop = el.scrollHeight;
    });
    ro.observe(content);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = scroller.current;
    const target = topSentinel.current;
    if (!el || !target || !hasEarlier || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) showEarlier();
      },
      { root: el, rootMargin: '200px 0px 0px 0px' },
    );
    io.observe(target);
    return () => io.disconnect();
  }, [hasEarlier, showEarlier, start]);

  const onScroll = (): void => {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
  };

  return (
    <div className={styles.scroller} ref={scroller} onScroll={onScroll} data-testid="message-list">
      <div className={styles.list} ref={listRef}>
        {hasEarlier && <EarlierButton sentinel={topSentinel} onClick={showEarlier} />}
        {shown.map((m) => (
          <MessageItem
            key={m.id}
            message={m}
            model={modelOf(m.modelname)}
            userAvatar={userAvatar}
            last={m.id === lastId}
            sending={m.id === lastId && sending}
          />
        ))}
      </div>
      {footer}
    </div>
  );
}

/** Memoized: the list re-renders on every streamed frame, this button never needs to. */
const EarlierButton = memo(function EarlierButton(props: { sentinel: RefObject<HTMLDivElement | null>; onClick: () => void }) {
  return (
    <div ref={props.sentinel} className={styles.earlier}>
      <Button type="link" size="small" onClick={props.onClick}>
        {MSG.chatLoadEarlier}
      </Button>
    </div>
  );
});
