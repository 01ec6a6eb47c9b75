import { useEffect } from 'react';
import { App, Button, Tag, Tooltip } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useChatExtras } from '../../../stores/chat-extras';
import { useUserStore } from '../../../stores/user';
import { useChatTool } from '../toolbar/chat-tool-context';
import { showsPointsToggle } from './gate-rules';

/**
 * 开启积分抵扣 / 使用次数抵扣 (docs/product/quota-and-points.md §6): on an allow_points model the user may pay with points
 * instead of counts. The server honours `usePoints` in the chat request; only_points models
 * always cost points and show no toggle.
 */
export function PointsToggle() {
  const { message } = App.useApp();
  const { model, modelKey } = useChatTool();
  const usePoints = useChatExtras((s) => s.usePoints);
  const setUsePoints = useChatExtras((s) => s.setUsePoints);
  const points = useUserStore((s) => s.user?.points ?? 0);
  const visible = showsPointsToggle(model);

  // Points deduction is a choice per model: switching model goes back to counts.
  useEffect(() => {
    if (!visible) useChatExtras.getState().setUsePoints(false);
  }, [visible, modelKey]);

  // only_points models: no choice to make, just the price.
  if (model?.only_points && model.consume_points > 0) {
    return (
      <Tooltip title={MSG.myPoints(points)}>
        <Tag color="gold" data-testid="tool-points-only">
          {MSG.pointsOnly(model.consume_points)}
        </Tag>
      </Tooltip>
    );
  }
  if (!visible || !model) return null;
  const toggle = () => {
    const next = !usePoints;
    setUsePoints(next);
    void message.success(next ? MSG.pointsDeductOnTip(model.consume_points) : MSG.pointsDeductOffTip);
  };
  return (
    <Tooltip title={`${MSG.chatPointsBadge(model.consume_points)}，${MSG.myPoints(points)}`}>
      <Button
        size="small"
        shape="round"
        icon={<SwapOutlined />}
        type={usePoints ? 'primary' : 'default'}
        ghost={usePoints}
        onClick={toggle}
        data-testid="tool-points"
        aria-pressed={usePoints}
      >
        {usePoints ? MSG.pointsToggleOff : MSG.pointsToggleOn}
      </Button>
    </Tooltip>
  );
}
