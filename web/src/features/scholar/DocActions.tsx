import { useEffect, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { MSG, type ScholarCheckRes } from '@wanxiang/contract';
import type { DocTools } from './useDocTools';

/**
 * A result's actions after the check (2.4): '正在解析...' while the header-only request runs, then
 * AI解读 / 预览 / 翻译 / 下载 for a document, or only 打开地址 for anything else.
 */
export function DocActions({ link, tools }: { link: string; tools: DocTools }) {
  const [res, setRes] = useState<ScholarCheckRes | null>(null);
  useEffect(() => {
    let live = true;
    setRes(null);
    if (link) void tools.check(link).then((r) => live && setRes(r));
    return () => {
      live = false;
    };
  }, [link, tools]);

  if (!link) return null;
  if (!res) {
    return (
      <Typography.Text type="secondary" data-testid="scholar-checking" onClick={() => tools.stillChecking(link)}>
        {MSG.scholarChecking}
      </Typography.Text>
    );
  }
  if (!res.downloadable) {
    return (
      <Button size="small" href={link} target="_blank" rel="noopener noreferrer">
        {MSG.scholarOpenLink}
      </Button>
    );
  }
  return (
    <Space wrap size={[8, 8]}>
      <Button size="small" type="primary" onClick={() => tools.interpret(link)}>
        {MSG.scholarInterpret}
      </Button>
      <Button size="small" onClick={() => tools.preview(link)}>
        {MSG.scholarPreview}
      </Button>
      <Button size="small" onClick={() => tools.translate(link)}>
        {MSG.scholarTranslate}
      </Button>
      <Button size="small" onClick={() => tools.download(link)}>
        {MSG.scholarDownload}
      </Button>
    </Space>
  );
}
