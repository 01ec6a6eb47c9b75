import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { feedbackFromAntd, setFeedback } from './holder';

/** Mounted once inside antd's <App>: hands its message/notification/modal to non-React code. */
export function FeedbackBridge() {
  const api = App.useApp();
  // Layout effect: registered before any passive effect (e.g. the start-up user refresh) runs.
  useLayoutEffect(() => {
    setFeedback(feedbackFromAntd(api));
    return () => setFeedback(null);
  }, [api]);
  return null;
}
