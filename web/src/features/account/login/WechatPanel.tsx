import { MSG } from '@wanxiang/contract';
import styles from './login.module.css';

/** A QR-like pattern of our own, drawn faded behind the "coming soon" note. */
function QrSketch() {
  const cells: [number, number][] = [];
  for (let y = 0; y < 21; y++) {
    for (let x = 0; x < 21; x++) {
      const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13);
      if (!finder && (x * 7 + y * 13 + x * y) % 5 < 2) cells.push([x, y]);
    }
  }
  const finder = (x: number, y: number) => (
    <g key={`${x}-${y}`}>
      <rect x={x} y={y} width="7" height="7" rx="1.5" fill="#2b2c4a" />
      <rect x={x + 1} y={y + 1} width="5" height="5" rx="1" fill="#fff" />
      <rect x={x + 2} y={y + 2} width="3" height="3" rx=".6" fill="#2b2c4a" />
    </g>
  );
  return (
    <svg viewBox="-1 -1 23 23" width="176" height="176" aria-hidden="true">
      {cells.map(([x, y]) => (
        <rect key={`${x}.${y}`} x={x} y={y} width=".92" height=".92" rx=".2" fill="#2b2c4a" />
      ))}
      {finder(0, 0)}
      {finder(14, 0)}
      {finder(0, 14)}
    </svg>
  );
}

/** WeChat QR login tab: the QR flow comes with the WeChat adapter; until then, say so plainly. */
export function WechatPanel() {
  return (
    <div className={styles.wechat}>
      <div className={styles.qrFrame}>
        <div className={styles.qrFaded}>
          <QrSketch />
        </div>
        <div className={styles.qrNote}>{MSG.featureInDevelopment}</div>
      </div>
      <p className={styles.wechatTitle}>微信扫码登录</p>
      <p className={styles.wechatHint}>注册即送 100% 会员礼包，未注册的微信号将自动创建账号</p>
      <p className={styles.wechatHint}>暂时请使用「账号登录」中的手机验证码登录</p>
    </div>
  );
}
