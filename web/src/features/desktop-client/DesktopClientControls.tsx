import { ArrowLeftOutlined, ArrowRightOutlined, CopyOutlined, HomeOutlined, ReloadOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { isDesktopClient } from './client-mode';
import { copySelection, editableTarget, pasteInto, selectedText } from './clipboard';
import { CLIENT_HOME, shortcutAction, type ClientAction } from './shortcuts';
import styles from './desktop-client.module.css';

interface MenuState {
  x: number;
  y: number;
  /** Captured when the menu opens: a click on the menu moves the focus and the selection. */
  text: string;
  field: ReturnType<typeof editableTarget>;
}

const MENU_W = 168;
const MENU_H = 236;

/**
 * Desktop-client mode's custom right-click menu (返回, 前进, 首页, 复制, 粘贴, 刷新) and its
 * Alt shortcuts (docs/product/shell-and-navigation.md §2). Mounted once in GlobalOverlays; renders nothing in a browser.
 */
export function DesktopClientControls() {
  const [enabled] = useState(isDesktopClient);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const navigate = useNavigate();
  const menuRef = useRef<HTMLDivElement>(null);

  const run = useCallback(
    (action: ClientAction, ctx?: Pick<MenuState, 'text' | 'field'>) => {
      switch (action) {
        case 'back':
          return navigate(-1);
        case 'forward':
          return navigate(1);
        case 'home':
          return navigate(CLIENT_HOME);
        case 'refresh':
          return window.location.reload();
        case 'toggleSidebar':
          // The sidebar owns its collapsed state (and remembers it): press its own button.
          return document.querySelector<HTMLButtonElement>('[data-testid="sidebar-collapse"]')?.click();
        case 'copy':
          return void copySelection(ctx ? ctx.text : selectedText());
        case 'paste':
          return void pasteInto(ctx ? ctx.field : editableTarget(document.activeElement));
      }
    },
    [navigate],
  );

  useEffect(() => {
    if (!enabled) return;
    const onContext = (e: MouseEvent) => {
      e.preventDefault();
      const target = e.target instanceof Element ? e.target : null;
      const field = editableTarget(target);
      const x = Math.min(e.clientX, window.innerWidth - MENU_W - 4);
      const y = Math.min(e.clientY, window.innerHeight - MENU_H - 4);
      setMenu({ x: Math.max(4, x), y: Math.max(4, y), text: selectedText(field ?? document.activeElement), field });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenu(null);
      const action = shortcutAction(e);
      if (!action) return;
      e.preventDefault();
      setMenu(null);
      run(action);
    };
    const close = (e: Event) => {
      if (e.target instanceof Node && menuRef.current?.contains(e.target)) return;
      setMenu(null);
    };
    const closeAll = () => setMenu(null);
    document.addEventListener('contextmenu', onContext);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', close);
    window.addEventListener('blur', closeAll);
    window.addEventListener('resize', closeAll);
    document.addEventListener('scroll', closeAll, true);
    return () => {
      document.removeEventListener('contextmenu', onContext);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', close);
      window.removeEventListener('blur', closeAll);
      window.removeEventListener('resize', closeAll);
      document.removeEventListener('scroll', closeAll, true);
    };
  }, [enabled, run]);

  useEffect(() => {
    menuRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [menu]);

  if (!enabled || !menu) return null;
  const item = (action: ClientAction, label: string, icon: ReactNode, hint: string, disabled = false) => (
    <button
      type="button"
      role="menuitem"
      className={styles.item}
      disabled={disabled}
      onClick={() => {
        const ctx = { text: menu.text, field: menu.field };
        setMenu(null);
        run(action, ctx);
      }}
    >
      {icon}
      {label}
      <span className={styles.hint}>{hint}</span>
    </button>
  );
  return createPortal(
    <div
      ref={menuRef}
      role="menu"
      aria-label="右键菜单"
      className={styles.menu}
      style={{ left: menu.x, top: menu.y }}
      data-testid="client-context-menu"
    >
      {item('back', '返回', <ArrowLeftOutlined />, 'Alt+←')}
      {item('forward', '前进', <ArrowRightOutlined />, 'Alt+→')}
      {item('home', '首页', <HomeOutlined />, 'Alt+H')}
      <div className={styles.divider} />
      {item('copy', '复制', <CopyOutlined />, 'Alt+C', !menu.text)}
      {item('paste', '粘贴', <SnippetsOutlined />, 'Alt+V', !menu.field)}
      <div className={styles.divider} />
      {item('refresh', '刷新', <ReloadOutlined />, 'Alt+R')}
    </div>,
    document.body,
  );
}
