import { Button, Empty, Progress, Result, Spin } from 'antd';
import { isTerminalTaskState, toolById, type ShopOrderStatus } from '@wanxiang/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { payQuery } from '../../api/shop';
import { fetchTask, type TaskInfo } from '../../api/tasks';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { InfoLayout } from '../info/InfoLayout';
import { LoginNeeded } from './LoginNeeded';
import { usePolled } from './usePolled';
import styles from './registry.module.css';

/** The pay query answers every 3 s, as the payment dialog polls it; a few minutes at most here. */
const ORDER_POLL_MS = 3000;
const ORDER_POLL_TRIES = 60;
const TASK_POLL_MS = 2000;
const TASK_POLL_TRIES = 300;

type OrderView = { paid: boolean; status?: ShopOrderStatus };

function OrderResult({ order }: { order: string }) {
  const navigate = useNavigate();
  const polled = usePolled<OrderView>(order, (signal) => payQuery(order, signal), (v) => v.paid, ORDER_POLL_MS, ORDER_POLL_TRIES);
  if (polled.state === 'loading') return <Spin />;
  if (polled.state === 'failed') return <Result status="warning" title="没有查到这个订单" subTitle="请确认订单号属于当前账号，或到会员中心查看购买记录。" data-testid="result-order-missing" />;
  const { paid, status } = polled.value;
  if (paid) {
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={status ? `${status.shop_name}，订单号 ${status.query_order}` : `订单号 ${order}`}
        extra={[
          <Button type="primary" key="chat" onClick={() => navigate('/chat?type=index')}>
            开始使用
          </Button>,
          <Button key="vip" onClick={() => navigate('/console/vip')}>
            会员中心
          </Button>,
        ]}
        data-testid="result-order-paid"
      />
    );
  }
  return (
    <Result
      status="info"
      title="等待支付结果"
      subTitle={`订单号 ${order}。支付完成后本页会自动更新；若已关闭支付，可回到会员中心重新下单。`}
      extra={<Button onClick={() => navigate('/console/vip')}>回到会员中心</Button>}
      data-testid="result-order-pending"
    />
  );
}

const TASK_TITLES: Record<TaskInfo['status'], string> = {
  queued: '排队中',
  running: '生成中',
  succeeded: '生成完成',
  failed: '生成失败',
  canceled: '已取消',
};

function TaskResult({ taskId }: { taskId: string }) {
  const navigate = useNavigate();
  const polled = usePolled<TaskInfo>(taskId, (signal) => fetchTask(taskId, signal), (t) => isTerminalTaskState(t.status), TASK_POLL_MS, TASK_POLL_TRIES);
  if (polled.state === 'loading') return <Spin />;
  if (polled.state === 'failed') return <Result status="warning" title="没有找到这个任务" subTitle="任务不存在，或不属于当前账号。" data-testid="result-task-missing" />;
  const task = polled.value;
  const tool = toolById(task.tool);
  const back = tool ? (
    <Button key="tool" type="primary" onClick={() => navigate(tool.paths[0]!)}>
      {`回到${tool.title}`}
    </Button>
  ) : null;
  const status = task.status === 'succeeded' ? 'success' : task.status === 'failed' ? 'error' : 'info';
  return (
    <Result
      status={status}
      title={TASK_TITLES[task.status]}
      subTitle={task.error ?? task.stage}
      extra={back}
      data-testid="result-task"
    >
      {!isTerminalTaskState(task.status) && <Progress percent={task.progress} />}
      {task.result?.files.map((f) => (
        <div key={f.id} className={styles.checkItem}>
          <span>{f.name}</span>
          <a href={`${f.url}${f.url.includes('?') ? '&' : '?'}download=1`}>下载</a>
        </div>
      ))}
    </Result>
  );
}

/** /result?order= (a payment's state) or /result?task= (a task's state), with what to do next. */
export default function ResultPage({ title }: { title?: string }) {
  const [params] = useSearchParams();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const order = params.get('order') ?? '';
  const task = params.get('task') ?? '';
  let body;
  if (!order && !task) {
    body = (
      <Empty description="这里显示支付或生成任务的结果" data-testid="result-empty">
        <Link to="/function/all">去看看全部功能</Link>
      </Empty>
    );
  } else if (!loggedIn) {
    body = <LoginNeeded what="结果" />;
  } else {
    body = order ? <OrderResult order={order} /> : <TaskResult taskId={task} />;
  }
  return (
    <InfoLayout title={title ?? '生成结果'}>
      <section className={styles.panel}>{body}</section>
    </InfoLayout>
  );
}
