import { Button, Space, Tag, Typography } from 'antd';
import { CopyOutlined, EyeOutlined, WarningOutlined } from '@ant-design/icons';
import { MSG, type CloudResult } from '@wanxiang/contract';
import { feedback } from '../../components/feedback/holder';
import { safeHref, shownUrl } from './webdisk-logic';
import styles from './webdisk.module.css';

/**
 * One cloud-disk result (2.5): title, time, url and the actions 查看 (opens the link), 复制链接
 * (copies it) and 举报 (only shows 举报成功: the spec makes no call).
 */
export function CloudResultItem({ r }: { r: CloudResult }) {
  const href = safeHref(r.url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(r.url);
      feedback().success(MSG.webdiskCopied);
    } catch {
      feedback().error(MSG.webdiskCopyFailed);
    }
  };
  return (
    <div className={styles.item} data-testid="webdisk-item">
      <div className={styles.itemHead}>
        {r.geshi && <Tag color="blue">{r.geshi.toUpperCase()}</Tag>}
        <Typography.Text strong className={styles.itemTitle}>
          {r.title}
        </Typography.Text>
      </div>
      <div className={styles.itemMeta}>
        {r.time && (
          <span>
            {MSG.webdiskTime}：{r.time}
          </span>
        )}
        {r.size && (
          <span>
            {MSG.webdiskSize}：{r.size}
          </span>
        )}
        {r.info && (
          <span>
            {MSG.webdiskSource}：{r.info}
          </span>
        )}
      </div>
      <div className={styles.itemUrl} title={r.url}>
        {shownUrl(r.url)}
      </div>
      <Space size={4} wrap>
        <Button size="small" type="link" icon={<EyeOutlined />} disabled={!href} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {MSG.webdiskView}
        </Button>
        <Button size="small" type="link" icon={<CopyOutlined />} onClick={() => void copy()}>
          {MSG.webdiskCopyLink}
        </Button>
        <Button size="small" type="link" danger icon={<WarningOutlined />} onClick={() => feedback().success(MSG.webdiskReported)}>
          {MSG.webdiskReport}
        </Button>
      </Space>
    </div>
  );
}
