import { InfoLayout } from './InfoLayout';
import { DownloadOptions } from './DownloadOptions';

/** /download: desktop (Windows, macOS), Android, the WeChat mini-program and the installable web client. */
export default function DownloadPage() {
  return (
    <InfoLayout
      title="下载万象 AI 客户端"
      lead="电脑、手机随时使用：桌面客户端支持快捷键和右键菜单，安卓扫码下载，iPhone 用户请使用微信小程序。"
    >
      <DownloadOptions />
    </InfoLayout>
  );
}
