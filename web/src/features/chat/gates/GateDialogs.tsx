import { useEffect } from 'react';
import { Button, Modal } from 'antd';
import { ClockCircleOutlined, CrownOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { GATE_LIMITS, MSG } from '@wanxiang/contract';
import { useCountdown } from '../../../hooks/useCountdown';
import { useChatExtras } from '../../../stores/chat-extras';
import { VIP_PATH } from '../useChatSender';
import { useChatTool } from '../toolbar/chat-tool-context';
import { formatCountdown, showsPointsToggle } from './gate-rules';
import { useGateStore, type GateDialog } from './gate-store';
import { QuotaOffer } from '../../vip-promos/QuotaOffer';
import styles from './gates.module.css';

/**
 * The membership dialogs of the chat page (docs/product/quota-and-points.md §2, §6, §8): the count popup (次数不足)
 * with the free or member upgrade text, the tier dialog, the points dialog and the countdown nudge.
 * Buying membership lives on /console/vip.
 */
export function GateDialogs() {
  const dialog = useGateStore((s) => s.dialog);
  const close = useGateStore((s) => s.close);
  const navigate = useNavigate();
  const goVip = () => {
    close();
    void navigate(VIP_PATH);
  };
  return (
    <Modal
      open={dialog !== null}
      onCancel={close}
      footer={null}
      centered
      width={420}
      destroyOnHidden
      title={dialog ? titleOf(dialog) : null}
    >
      {dialog && <GateBody dialog={dialog} onVip={goVip} onClose={close} />}
    </Modal>
  );
}

function titleOf(d: GateDialog): string {
  if (d.kind === 'count') return MSG.countExhaustedTitle;
  if (d.kind === 'tier') return MSG.chatTagMembersOnly;
  if (d.kind === 'points') return MSG.pointsNotEnoughTitle;
  return MSG.vipNudgeTitle;
}

function GateBody({ dialog, onVip, onClose }: { dialog: GateDialog; onVip: () => void; onClose: () => void }) {
  const { model } = useChatTool();
  const usePoints = useChatExtras((s) => s.usePoints);
  const setUsePoints = useChatExtras((s) => s.setUsePoints);
  // Counts ran out on a model that also takes points: offer the switch right here.
  const offerPoints = dialog.kind === 'count' && showsPointsToggle(model) && !usePoints;

  return (
    <div className={styles.body} data-testid="gate-body" data-kind={dialog.kind}>
      <div className={styles.icon}>{dialog.kind === 'nudge' ? <ClockCircleOutlined /> : <CrownOutlined />}</div>
      {dialog.kind === 'count' && (
        <>
          <p className={styles.lead}>{dialog.text}</p>
          <p className={styles.text}>{dialog.vip > 0 ? MSG.upgradeMember : MSG.upgradeFree}</p>
          <QuotaOffer onPay={onClose} />
        </>
      )}
      {(dialog.kind === 'tier' || dialog.kind === 'points') && <p className={styles.text}>{dialog.text}</p>}
      {dialog.kind === 'nudge' && <NudgeBody left={dialog.left} />}
      <div className={styles.actions}>
        <Button onClick={onClose}>{MSG.chatGotIt}</Button>
        {offerPoints && model && (
          <Button
            onClick={() => {
              setUsePoints(true);
              onClose();
            }}
            data-testid="gate-use-points"
          >
            {MSG.pointsToggleOn}
          </Button>
        )}
        <Button type="primary" onClick={onVip} data-testid="gate-go-vip">
          {MSG.chatGoVip}
        </Button>
      </div>
    </div>
  );
}

/** Remaining count and the 10-minute limited-offer countdown (docs/product/quota-and-points.md §5). */
function NudgeBody({ left }: { left: number }) {
  const countdown = useCountdown();
  const { start } = countdown;
  useEffect(() => start(GATE_LIMITS.vipOfferCountdownSec), [start]);
  return (
    <>
      <p className={styles.text}>{MSG.vipNudgeContent(left)}</p>
      <p className={styles.offer} data-testid="vip-offer-countdown">
        {countdown.running ? `${MSG.vipNudgeOffer} ${formatCountdown(countdown.remaining)}` : MSG.vipNudgeEnded}
      </p>
    </>
  );
}
