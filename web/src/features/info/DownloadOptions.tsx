import { AndroidOutlined, AppleOutlined, DesktopOutlined, DownloadOutlined, WechatOutlined, WindowsOutlined } from '@ant-design/icons';
import { Button, QRCode, Skeleton } from 'antd';
import { MSG, type DownloadLinks } from '@wanxiang/contract';
import { useEffect, useState } from 'react';
import { downloadLinks, generateUrlLink } from '../../api/profile';
import { feedback } from '../../components/feedback/holder';
import { getInviteCode } from '../../stores/keywords';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { usePwaInstall } from '../desktop-client/pwa';
import styles from './info.module.css';

/** Links for this visitor's invite code (docs/product/shell-and-navigation.md §9), fetched once per page load. */
function useDownloadLinks(): DownloadLinks | null {
  const [links, setLinks] = useState<DownloadLinks | null>(null);
  useEffect(() => {
    let alive = true;
    void downloadLinks(getInviteCode(), { silent: true })
      .then((l) => alive && setLinks(l))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return links;
}

/**
 * The mini-program entry for iOS users: the server's WeChat link (url_link, carries cq=invite
 * code; signed-in users only, each one costs a WeChat call), else the configured scheme, else
 * how to find it by name in WeChat.
 */
function useMiniProgramLink(links: DownloadLinks | null): string {
  const [url, setUrl] = useState('');
  const loggedIn = useUserStore(selectIsLoggedIn);
  useEffect(() => {
    if (!links) return;
    if (!loggedIn) {
      setUrl(links.miniprogram_url);
      return;
    }
    let alive = true;
    void generateUrlLink({ path: links.miniprogram_path, invite_code: getInviteCode() || undefined }, { silent: true })
      .then((r) => alive && setUrl(r.url_link))
      .catch(() => alive && setUrl(links.miniprogram_url));
    return () => {
      alive = false;
    };
  }, [links, loggedIn]);
  return url;
}

/** 「安装网页版桌面客户端」: the browser's install prompt, else how to install in Chrome / Edge. */
export function PwaInstallCard({ compact = false }: { compact?: boolean }) {
  const pwa = usePwaInstall();
  const install = async () => {
    if (await pwa.install()) feedback().success(MSG.pwaInstalled);
  };
  return (
    <div className={styles.card} data-testid="pwa-install">
      <h3 className={styles.cardTitle}>
        <DesktopOutlined /> 网页版桌面客户端
      </h3>
      <p className={styles.muted}>无需下载安装包，把万象 AI 安装为独立窗口应用，可从桌面或开始菜单直接打开，支持离线启动与自动更新。</p>
      {pwa.installed ? (
        <p className={styles.muted}>当前已在桌面客户端中运行。</p>
      ) : pwa.canInstall ? (
        <Button type="primary" icon={<DownloadOutlined />} onClick={install}>
          安装网页版桌面客户端
        </Button>
      ) : (
        <div className={styles.muted}>
          <strong>安装网页版桌面客户端：</strong>
          {compact
            ? '在 Chrome 或 Edge 地址栏右侧点击“安装”图标即可。'
            : '使用 Chrome 或 Edge 打开本站，点击地址栏右侧的“安装万象 AI”图标；或打开浏览器菜单（⋮ / …）→“投放、保存和分享”/“应用”→“将此站点作为应用安装”。Safari（macOS）可在“文件”菜单选择“添加到程序坞”。'}
        </div>
      )}
    </div>
  );
}

/** Windows, macOS, Android and the WeChat mini-program; `compact` for the download dialog. */
export function DownloadOptions({ compact = false }: { compact?: boolean }) {
  const links = useDownloadLinks();
  const mini = useMiniProgramLink(links);
  const qrSize = compact ? 112 : 148;
  if (!links) return <Skeleton active />;
  return (
    <div>
      <div className={`${styles.grid} ${compact ? styles.gridCompact : ''}`}>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>
            <WindowsOutlined /> Windows 版
          </h3>
          <p className={styles.muted}>支持 Windows 10 / 11，版本 {links.version}</p>
          <div className={styles.buttons}>
            <Button type="primary" href={links.desktop.win_x64} icon={<DownloadOutlined />}>
              下载（64 位）
            </Button>
            <Button href={links.desktop.win_arm64}>ARM 版</Button>
          </div>
        </div>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>
            <AppleOutlined /> macOS 版
          </h3>
          <p className={styles.muted}>支持 macOS 11 及以上，版本 {links.version}</p>
          <div className={styles.buttons}>
            <Button type="primary" href={links.desktop.mac_arm64} icon={<DownloadOutlined />}>
              Apple 芯片
            </Button>
            <Button href={links.desktop.mac_x64}>Intel 芯片</Button>
          </div>
        </div>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>
            <AndroidOutlined /> 安卓版
          </h3>
          <div className={styles.qr}>
            <QRCode value={links.android} size={qrSize} bordered={false} aria-label="安卓版下载二维码" />
            <span className={styles.muted}>手机扫码下载</span>
            <Button size="small" href={links.android}>
              直接下载 APK
            </Button>
          </div>
        </div>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}>
            <WechatOutlined /> 微信小程序
          </h3>
          <div className={styles.qr}>
            {mini ? (
              <QRCode value={mini} size={qrSize} bordered={false} aria-label="微信小程序二维码" />
            ) : (
              <div className={styles.muted} style={{ minHeight: qrSize, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
                打开微信，搜索小程序
                <br />
                「万象AI」
              </div>
            )}
            <span className={styles.muted}>iPhone 用户请使用微信小程序</span>
          </div>
        </div>
      </div>
      <PwaInstallCard compact={compact} />
    </div>
  );
}
