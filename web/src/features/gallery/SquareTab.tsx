import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Empty, Spin } from 'antd';
import { useNavigate } from 'react-router';
import type { ImgPublished } from '@wanxiang/contract';
import { fetchSquare, likePublished } from '../../api/img-gallery';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { hasMorePages, mergePage, toggledLike, withLike, withoutCard } from './square-state';
import { SquareCard } from './SquareCard';
import { SquareDetail } from './SquareDetail';
import { T } from './texts';
import styles from './gallery.module.css';

/**
 * 作品广场: everyone's published pictures, newest first, one page after another as the reader
 * scrolls (a sentinel at the end loads the next; a button does the same where scrolling cannot).
 * `openId` opens one picture's detail (a /picture?id= link).
 */
export function SquareTab({ mobile, openId, onOpenChange }: { mobile: boolean; openId: number | null; onOpenChange: (id: number | null) => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const [list, setList] = useState<ImgPublished[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const busy = useRef(false);
  // The list as last rendered, for merging a page outside a state update.
  const listRef = useRef<ImgPublished[]>([]);
  useEffect(() => {
    listRef.current = list;
  }, [list]);
  const sentinel = useRef<HTMLDivElement>(null);

  const load = useCallback(async (next: number) => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setError('');
    try {
      const res = await fetchSquare(next);
      const merged = next === 1 ? res.list : mergePage(listRef.current, res.list);
      listRef.current = merged;
      setList(merged);
      setPage(next);
      setMore(hasMorePages(merged.length, res.total, res.list.length));
    } catch (err) {
      setError(err instanceof RequestError && err.msg ? err.msg : T.squareLoadFailed);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, []);

  // The first page, again when the reader logs in or out (liked and mine are the reader's).
  useEffect(() => {
    void load(1);
  }, [load, loggedIn]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || error || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && page > 0) void load(page + 1);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [load, page, more, error]);

  const like = async (card: ImgPublished) => {
    if (!loggedIn) {
      void message.info(T.likeNeedsLogin);
      return openLoginDialog();
    }
    // Shown at once; the server's count replaces it, and a failure puts the old state back.
    setList((l) => withLike(l, card.id, toggledLike(card)));
    try {
      const res = await likePublished(card.id);
      setList((l) => withLike(l, card.id, res));
    } catch (err) {
      setList((l) => withLike(l, card.id, card));
      void message.error(err instanceof RequestError && err.msg ? err.msg : T.likeFailed);
    }
  };

  if (list.length === 0 && error)
    return (
      <div className={styles.state} role="alert">
        <Empty description={error} />
        <Button onClick={() => void load(1)}>{T.retry}</Button>
      </div>
    );
  if (list.length === 0)
    return loading || page === 0 ? (
      <div className={styles.state}>
        <Spin />
      </div>
    ) : (
      <div className={styles.state} data-testid="square-empty">
        <Empty description={T.squareEmpty} />
        <Button type="primary" onClick={() => navigate('/draw/text2image')}>
          {T.goDraw}
        </Button>
      </div>
    );

  return (
    <>
      <div className={styles.grid} data-testid="square-list">
        {list.map((c) => (
          <SquareCard key={c.id} card={c} onOpen={() => onOpenChange(c.id)} onLike={() => void like(c)} />
        ))}
      </div>
      <div ref={sentinel} className={styles.more}>
        {error ? (
          <Button onClick={() => void load(page + 1)}>{T.retry}</Button>
        ) : more ? (
          <Button type="link" loading={loading} onClick={() => void load(page + 1)}>
            {T.loadMore}
          </Button>
        ) : (
          T.noMore
        )}
      </div>
      {openId !== null && (
        <SquareDetail
          id={openId}
          card={list.find((c) => c.id === openId)}
          mobile={mobile}
          onLike={(c) => void like(c)}
          onGone={(id) => {
            setList((l) => withoutCard(l, id));
            onOpenChange(null);
          }}
          onClose={() => onOpenChange(null)}
        />
      )}
    </>
  );
}
