import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { MSG, STORAGE_KEYS_SHELL } from '@wanxiang/contract';
import { isDesktopClient } from '../desktop-client/client-mode';
import { usePromoConfig } from './config-store';
import { laterQuietLeft, noticeParagraphs, parseUpdateMemo, shouldShowUpdate } from './rules';
import { readLocal, writeLocal } from './storage';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

/**
 * config/init at start (docs/product/promos.md §4). Desktop client: 立即刷新 and 下载; with need_down
 * it cannot be closed (no ×, no mask, no Esc) and offers only 下载. Web and mobile: the update
 * notice with 不再提醒. 稍后 stores updateNotificationIsOpen and keeps quiet for 300000 ms; if the
 * page stays open that long it asks again.
 */
export function UpdateDialog() {
  const suppressed = usePromoSuppressed();
  const init = usePromoConfig((s) => s.init);
  const load = usePromoConfig((s) => s.load);
  const [want, setWant] = useState(false);
  const [tick, setTick] = useState(0);
  const pc = init?.pc_config;

  useEffect(() => {
    if (!suppressed) load();
  }, [suppressed, load]);

  useEffect(() => {
    if (!pc || suppressed) return;
    const memo = parseUpdateMemo(readLocal(STORAGE_KEYS_SHELL.updateNotificationIsOpen));
    const now = Date.now();
    if (shouldShowUpdate(pc, memo, now)) {
      setWant(true);
      return;
    }
    const left = pc.update && memo.skip !== pc.version ? laterQuietLeft(memo, now) : 0;
    if (left > 0) {
      const t = setTimeout(() => setTick((n) => n + 1), left);
      return () => clearTimeout(t);
    }
  }, [pc, suppressed, tick]);

  const open = useTurn('update', want && !suppressed);
  if (!pc) return null;

  const forced = pc.need_down;
  const desktop = isDesktopClient();
  const later = () => {
    writeLocal(STORAGE_KEYS_SHELL.updateNotificationIsOpen, JSON.stringify({ later: Date.now() }));
    setWant(false);
  };
  const skip = () => {
    writeLocal(STORAGE_KEYS_SHELL.updateNotificationIsOpen, JSON.stringify({ skip: pc.version }));
    setWant(false);
  };
  const download = () => window.open(pc.download_url, '_blank', 'noopener');
  const refresh = () => window.location.reload();

  const footer = forced ? (
    <div className={styles.footer}>
      <Button type="primary" onClick={download}>
        {MSG.promoUpdateDownload}
      </Button>
    </div>
  ) : (
    <div className={styles.footer}>
      {!desktop && <Button onClick={skip}>{MSG.promoNoMoreRemind}</Button>}
      <Button onClick={later}>{MSG.promoLater}</Button>
      {desktop && <Button onClick={download}>{MSG.promoUpdateDownload}</Button>}
      <Button type="primary" onClick={refresh}>
        {MSG.promoUpdateRefresh}
      </Button>
    </div>
  );

  return (
    <Modal
      open={open}
      title={desktop || forced ? MSG.promoUpdateTitle : MSG.promoUpdateWebTitle}
      centered
      width={440}
      footer={footer}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      onCancel={forced ? undefined : later}
      destroyOnHidden
    >
      <div className={styles.paragraphs} data-testid="update-dialog">
        {forced && <p>{MSG.promoUpdateForced}</p>}
        {noticeParagraphs(pc.content).map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
    </Modal>
  );
}
