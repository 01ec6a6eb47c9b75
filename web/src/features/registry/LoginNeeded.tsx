import { Button, Empty } from 'antd';
import { openLoginDialog } from '../../app-events';
import { T } from './texts';

/** What a registry page shows a visitor where the content is the signed-in user's own. */
export function LoginNeeded({ what }: { what: string }) {
  return (
    <Empty description={`登录后查看${what}`} data-testid="login-needed">
      <Button type="primary" onClick={openLoginDialog}>
        {T.login}
      </Button>
    </Empty>
  );
}
