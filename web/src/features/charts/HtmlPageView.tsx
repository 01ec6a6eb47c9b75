import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { DownloadOutlined, FileImageOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { saveBlob } from '../../api/save-file';
import { buildShownPage } from './html-page';
import { pagePng } from './page-png';

export interface HtmlPageViewProps {
  /** The ```html block of the answer. */
  source: string;
  /** The tool's title, for the file names. */
  title: string;
  mobile: boolean;
}

const fileBase = (title: string) => `${title}-${new Date().toISOString().slice(0, 10)}`;

/**
 * A page answer (数据卡片, 网页设计) shown sanitized in a frame without any permission (sandbox="":
 * no scripts, an opaque origin), with 导出 PNG (drawn in the browser) and 下载 HTML (the same page,
 * charts as pictures, nothing to load).
 */
export function HtmlPageView({ source, title, mobile }: HtmlPageViewProps) {
  const [page, setPage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setPage(null);
    buildShownPage(source, title)
      .then((p) => live && setPage(p))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [source, title]);

  const png = async () => {
    if (!page) return;
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await pagePng(page), `${fileBase(title)}.png`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (!page) return failed ? <div role="alert">{MSG.chartExportFailed}</div> : <Spin />;
  return (
    <div data-testid="html-page-view">
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginBottom: 8 }}>
        <Button size="small" icon={<FileImageOutlined />} loading={busy} onClick={() => void png()} data-testid="page-export-png">
          {MSG.chartExportPng}
        </Button>
        <Button size="small" icon={<DownloadOutlined />} onClick={() => saveBlob(new Blob([page], { type: 'text/html;charset=utf-8' }), `${fileBase(title)}.html`)} data-testid="page-export-html">
          {MSG.pageExportHtml}
        </Button>
      </div>
      {failed && <div role="alert">{MSG.chartExportFailed}</div>}
      <iframe
        title={title}
        sandbox=""
        srcDoc={page}
        data-testid="html-page-frame"
        style={{ width: '100%', height: mobile ? 520 : 680, border: '1px solid #eceef5', borderRadius: 8, background: '#fff' }}
      />
    </div>
  );
}
