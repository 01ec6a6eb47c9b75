import { App, Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { Markdown } from '../components/markdown';
import { copyText } from '../features/invite/copy-text';
import styles from './tools.module.css';

/**
 * A task's text result with a copy button: shown as it is (反推提示词: the prompt the vision model
 * wrote), or rendered when it is markdown (文字识别: tables as tables); the copy is always the text itself.
 */
export function ResultText({ text, markdown = false }: { text: string; markdown?: boolean }) {
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(text)) void message.success('已复制到剪贴板');
    else void message.error('复制失败，请手动选中文字复制');
  };
  return (
    <div className={styles.resultText} data-testid="task-result-text">
      {markdown ? (
        <div style={{ width: '100%', overflowX: 'auto' }} data-testid="task-result-markdown">
          <Markdown text={text} streaming={false} />
        </div>
      ) : (
        <div className={styles.resultTextBody}>{text}</div>
      )}
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="task-result-copy">
        复制
      </Button>
    </div>
  );
}
