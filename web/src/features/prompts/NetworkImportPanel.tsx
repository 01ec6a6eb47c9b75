import { useState } from 'react';
import { App, Button, Input, Modal, Typography } from 'antd';
import { isHttpUrl, MSG } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { usePromptStore } from '../../stores/prompts';
import { fetchPromptList } from './prompt-api';

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * The network prompt download panel: the server fetches the URL (SSRF-checked) and answers the
 * templates; refusals come back as the server's Chinese sentence.
 */
export function NetworkImportPanel({ open, onClose }: Props) {
  const { message } = App.useApp();
  const [url, setUrl] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const download = async () => {
    const target = url.trim();
    if (!isHttpUrl(target)) {
      setError(MSG.promptUrlInvalid);
      void message.error(MSG.promptUrlInvalid);
      return;
    }
    setError('');
    setLoading(true);
    try {
      const { list } = await fetchPromptList(target);
      const added = usePromptStore.getState().importMany(list);
      void message.success(MSG.promptImported(added));
      setUrl('');
      onClose();
    } catch (err) {
      const msg = err instanceof RequestError ? err.msg : MSG.promptRemoteInvalid;
      setError(msg);
      void message.error(msg);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal open={open} title={MSG.promptNetworkTitle} onCancel={onClose} footer={null} destroyOnHidden zIndex={1100}>
      <div data-testid="prompt-network-panel">
        <Input.Search
          value={url}
          placeholder={MSG.promptNetworkUrl}
          enterButton={
            <Button type="primary" loading={loading}>
              {MSG.promptDownload}
            </Button>
          }
          status={error ? 'error' : undefined}
          onChange={(e) => setUrl(e.target.value)}
          onSearch={() => void download()}
        />
        {error && (
          <Typography.Text type="danger" data-testid="prompt-network-error" style={{ display: 'block', marginTop: 8 }}>
            {error}
          </Typography.Text>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {MSG.promptNetworkHint}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}
