import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../stores/dialogs';
import { DownloadOptions } from './DownloadOptions';

/**
 * The download dialog (docs/product/shell-and-navigation.md §2, flag `download`): desktop Windows/macOS, Android, the WeChat
 * mini-program for iOS, the installable web client, and the points-purchase button (-> /console/vip).
 */
export function DownloadDialog() {
  const open = useDialogs((s) => s.download);
  const close = useDialogs((s) => s.close);
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title="下载客户端"
      width={860}
      centered
      destroyOnHidden
      onCancel={() => close('download')}
      footer={
        <Button
          type="primary"
          onClick={() => {
            close('download');
            navigate('/console/vip');
          }}
        >
          购买积分
        </Button>
      }
    >
      <DownloadOptions compact />
    </Modal>
  );
}
