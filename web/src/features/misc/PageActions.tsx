import { Button } from 'antd';
import { HomeOutlined, MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import styles from './misc.module.css';

/** The two ways out of a dead end: home, or straight into a chat. */
export function PageActions() {
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      <Button size="large" shape="round" icon={<HomeOutlined />} onClick={() => navigate('/')}>
        返回首页
      </Button>
      <Button size="large" shape="round" type="primary" icon={<MessageOutlined />} onClick={() => navigate('/chat?type=index')}>
        去 AI 对话
      </Button>
    </div>
  );
}
