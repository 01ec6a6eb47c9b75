import { App, Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyText } from '../features/invite/copy-text';
import styles from './tools.module.css';

/** A task's text result (反推提示词: the prompt the vision model wrote) shown as it is, with a copy button. */
export function ResultText({ text }: { text: string }) {
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(text)) void message.success('已复制到剪贴板');
    else void message.error('复制失败，请手动选中文字复制');
  };
  return (
    <div className={styles.resultText} data-testid="task-result-text">
      <div className={styles.resultTextBody}>{text}</div>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="task-result-copy">
        复制
      </Button>
    </div>
  );
}
