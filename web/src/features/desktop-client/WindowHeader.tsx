import { BorderOutlined, CloseOutlined, MinusOutlined } from '@ant-design/icons';
import { LogoMark } from '../../layouts/Logo';
import { desktopBridge, isDesktopClient, isStandaloneApp } from './client-mode';
import styles from './desktop-client.module.css';

/**
 * The desktop client's title bar (docs/product/shell-and-navigation.md §2): a slim draggable strip with the
 * name, and 最小化 / 最大化 / 关闭 when the client shell injects a window bridge
 * (window.wanxiangDesktop). A browser tab shows nothing; the installed web app (PWA) has the
 * system's own title bar and buttons, so it shows nothing either unless the title bar is hidden
 * (window-controls-overlay), where this strip is what the window is dragged by.
 */
export function WindowHeader() {
  if (!isDesktopClient()) return null;
  const bridge = desktopBridge();
  const overlay = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: window-controls-overlay)').matches;
  if (!bridge && isStandaloneApp() && !overlay) return null;
  return (
    <div className={styles.header} data-testid="window-header">
      <span className={styles.headerTitle}>
        <LogoMark size={18} /> 万象 AI
      </span>
      <span className={styles.headerSpacer} />
      {bridge && (
        <span className={styles.controls}>
          {bridge.minimize && (
            <button type="button" className={styles.control} aria-label="最小化" title="最小化" onClick={() => bridge.minimize?.()}>
              <MinusOutlined />
            </button>
          )}
          {bridge.maximize && (
            <button type="button" className={styles.control} aria-label="最大化" title="最大化" onClick={() => bridge.maximize?.()}>
              <BorderOutlined />
            </button>
          )}
          {bridge.close && (
            <button
              type="button"
              className={`${styles.control} ${styles.close}`}
              aria-label="关闭"
              title="关闭"
              onClick={() => bridge.close?.()}
            >
              <CloseOutlined />
            </button>
          )}
        </span>
      )}
    </div>
  );
}
