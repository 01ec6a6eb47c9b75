import { useState } from 'react';
import { Modal } from 'antd';
import { COMFORT_MSG as T } from '@wanxiang/contract';
import { isMacPlatform, SHORTCUTS, shortcutKeys } from './shortcuts';
import { useShortcuts } from './useShortcuts';
import styles from './shortcuts.module.css';

/** `?` anywhere (outside a text field) opens the list of keyboard shortcuts, with the keys of this computer. */
export function ShortcutSheet() {
  const [open, setOpen] = useState(false);
  useShortcuts({ showSheet: () => setOpen(true) });
  const mac = isMacPlatform();
  return (
    <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={T.shortcutsTitle} width={420} centered destroyOnHidden>
      <ul className={styles.sheet} data-testid="shortcut-sheet">
        {SHORTCUTS.map((s) => (
          <li key={s.id} className={styles.row}>
            <span>{s.label}</span>
            <span className={styles.keys}>
              {shortcutKeys(s, mac).map((k) => (
                <kbd key={k} className={styles.kbd}>
                  {k}
                </kbd>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.hint}>{T.shortcutsHint}</div>
    </Modal>
  );
}
