import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useState } from 'react';
import { MSG, STORAGE_KEYS_SHELL, type PromoButton } from '@wanxiang/contract';
import { feedback } from '../../components/feedback/holder';
import { usePromoConfig } from './config-store';
import { shouldShowModelPromo } from './rules';
import { sanitizeHtml } from './sanitize';
import { readLocal, writeLocal } from './storage';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

/**
 * The model promo ('banana', docs/product/promos.md §4): from config/init's data.model; shown when on and its md5
 * differs from localStorage bananaModalMd5. Closing stores the md5. Each button runs its operate
 * list in order: copy, message, url (a /path navigates, http(s) opens a tab), close.
 */
export function ModelPromo() {
  const suppressed = usePromoSuppressed();
  const model = usePromoConfig((s) => s.init?.model);
  const navigate = useNavigate();
  const [stored, setStored] = useState(() => readLocal(STORAGE_KEYS_SHELL.bananaModalMd5));
  const want = !suppressed && shouldShowModelPromo(model, stored);
  const open = useTurn('modelPromo', want);
  if (!model) return null;

  const close = () => {
    writeLocal(STORAGE_KEYS_SHELL.bananaModalMd5, model.md5);
    setStored(model.md5);
  };

  const run = async (button: PromoButton) => {
    for (const op of button.operate) {
      if (op.type === 'copy') {
        try {
          await navigator.clipboard.writeText(op.value);
          feedback().success(MSG.copied);
        } catch {
          feedback().error(MSG.copyDenied);
        }
      } else if (op.type === 'message') {
        if (op.value) feedback().success(op.value);
      } else if (op.type === 'url') {
        if (op.value.startsWith('/') && !op.value.startsWith('//')) navigate(op.value);
        else if (/^https?:\/\//i.test(op.value)) window.open(op.value, '_blank', 'noopener');
      } else {
        close();
      }
    }
  };

  return (
    <Modal open={open} title={model.title} centered width={480} footer={null} onCancel={close} destroyOnHidden>
      <div className={styles.body} data-testid="model-promo">
        {model.image && <img className={styles.image} src={model.image} alt={model.title} />}
        <div className={styles.html} dangerouslySetInnerHTML={{ __html: sanitizeHtml(model.content) }} />
        <div className={styles.footer}>
          {model.button.map((b, i) => (
            <Button key={i} type={i === model.button.length - 1 ? 'primary' : 'default'} onClick={() => void run(b)}>
              <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(b.html) }} />
            </Button>
          ))}
        </div>
      </div>
    </Modal>
  );
}
