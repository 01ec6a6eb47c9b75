import { useState } from 'react';
import { App, Button, Card, Input } from 'antd';
import { MSG } from '@wanxiang/contract';
import { useUserStore } from '../../stores/user';
import { openLoginDialog } from '../../app-events';
import { PptWizard } from './PptWizard';
import { usePptFlow } from './use-ppt-flow';
import styles from './slides.module.css';

/**
 * /newAiPPt/index (and /aippt, /newAiPPt/template|outline|download): the presentation flow as a
 * page, starting from a topic: outline (editable), template, generate, preview and download.
 */
export default function PptPage(_props: { title?: string }) {
  const { message } = App.useApp();
  const [topic, setTopic] = useState('');
  const [source, setSource] = useState('');
  const flow = usePptFlow();
  const loggedIn = useUserStore((s) => Boolean(s.user));

  const start = () => {
    const t = topic.trim();
    if (!t) {
      void message.warning(MSG.slidesTopicMissing);
      return;
    }
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    if (flow.outlining || flow.phase === 'building') {
      void message.warning(MSG.slidesNotReady);
      return;
    }
    flow.reset();
    // The same topic twice regenerates: the wizard starts on a new source value.
    setSource(t === source ? `${t} ` : t);
  };

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{MSG.slidesPageTitle}</h1>
        <p>{MSG.slidesPageSubtitle}</p>
      </div>
      <div className={styles.topic}>
        <Input
          size="large"
          value={topic}
          maxLength={500}
          onChange={(e) => setTopic(e.target.value)}
          onPressEnter={start}
          placeholder={MSG.slidesTopicPlaceholder}
          aria-label={MSG.slidesTopicPlaceholder}
          data-testid="ppt-topic"
        />
        <Button size="large" type="primary" onClick={start} loading={flow.outlining}>
          {MSG.slidesStart}
        </Button>
      </div>
      {source && (
        <Card>
          <PptWizard flow={flow} source={source} />
        </Card>
      )}
    </div>
  );
}
