import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { CheckOutlined, CloseOutlined, DoubleRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { GATE_LIMITS, MSG, type CaptchaChallenge, type CaptchaPass, type CaptchaVerifyReq } from '@wanxiang/contract';
import { positionFor, pushTrail, scaleOf, type SliderGeometry } from './slider-geometry';
import styles from './slider.module.css';

type Phase = 'loading' | 'idle' | 'dragging' | 'checking' | 'failed' | 'passed';

export interface SliderCaptchaProps {
  /** Called with the server's one-time token after a drag it accepted. */
  onPass(token: string): void;
  /** Change it to start over with a new challenge (after the token was used). */
  resetKey: number;
}

interface Props extends SliderCaptchaProps {
  geometry: SliderGeometry;
  /** The scene's server calls: a new challenge, and the check of one drag. */
  challenge(): Promise<CaptchaChallenge>;
  verify(req: CaptchaVerifyReq): Promise<CaptchaPass>;
  /** Shown once the server accepted the drag. */
  passedText: string;
  testId: string;
  handleTestId: string;
}

/**
 * A slider captcha checked by the server (phone binding: x=400 on 460; register: x=200 on 260):
 * drag the handle to the right end. The drag's end and trail go to the server, which answers a
 * one-time token or 验证失败，请重新操作; a failure holds 1000 ms, then a new challenge is fetched.
 */
export function SliderCaptcha({ onPass, resetKey, geometry, challenge: newChallenge, verify, passedText, testId, handleTestId }: Props) {
  const { track: TRACK, handle: HANDLE } = geometry;
  const trackRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [x, setX] = useState(0);
  const [trackPx, setTrackPx] = useState<number>(TRACK);
  const challenge = useRef<CaptchaChallenge | null>(null);
  const drag = useRef<{ startX: number; t0: number; trail: [number, number][]; x: number } | null>(null);
  const mounted = useRef(true);

  const fresh = useCallback(async () => {
    setPhase('loading');
    setX(0);
    challenge.current = null;
    try {
      challenge.current = await newChallenge();
    } catch {
      // Without a challenge a drag fails on the server and the slider starts over.
    }
    if (mounted.current) setPhase('idle');
  }, [newChallenge]);

  useEffect(() => {
    mounted.current = true;
    void fresh();
    return () => {
      mounted.current = false;
    };
  }, [fresh, resetKey]);

  // The track follows the dialog's width (narrower on phones); positions are scaled to the spec's units.
  useEffect(() => {
    const el = trackRef.current;
    if (!el) return;
    const measure = () => setTrackPx(el.clientWidth || TRACK);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [TRACK]);

  const scale = scaleOf(trackPx, geometry);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (phase !== 'idle') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, t0: performance.now(), trail: [[0, 0]], x: 0 };
    setPhase('dragging');
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.x = positionFor(e.clientX - d.startX, scale, geometry);
    pushTrail(d.trail, d.x, performance.now() - d.t0);
    setX(d.x);
  };

  const onPointerUp = async () => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    pushTrail(d.trail, d.x, performance.now() - d.t0);
    setPhase('checking');
    const c = challenge.current;
    try {
      if (!c) throw new Error('no challenge');
      const pass = await verify({ id: c.id, x: Math.round(d.x), trail: d.trail });
      if (!mounted.current) return;
      setPhase('passed');
      onPass(pass.token);
    } catch {
      if (!mounted.current) return;
      setPhase('failed');
      setTimeout(() => {
        if (mounted.current) void fresh();
      }, GATE_LIMITS.captchaErrorHoldMs);
    }
  };

  const handlePx = HANDLE * scale;
  // A refused drag goes back to the start at once and the track turns red while the error holds.
  const leftPx = (phase === 'passed' ? TRACK - HANDLE : phase === 'failed' ? 0 : x) * scale;
  const fillPx = phase === 'failed' ? trackPx : leftPx + handlePx / 2;
  const label =
    phase === 'passed' ? passedText : phase === 'failed' ? MSG.captchaFailed : phase === 'loading' ? '' : MSG.captchaHint;

  return (
    <div
      ref={trackRef}
      className={`${styles.track} ${phase === 'passed' ? styles.trackPassed : ''} ${phase === 'failed' ? styles.trackFailed : ''}`}
      // Inline so it wins over any stylesheet order: the track is never wider than the spec's.
      style={{ maxWidth: TRACK }}
      data-testid={testId}
      data-phase={phase}
    >
      <div className={styles.fill} style={{ width: fillPx }} />
      {/* The text sits right of the handle's resting place so the handle never covers it. */}
      <span
        className={styles.trackLabel}
        style={{ left: phase === 'passed' ? 0 : handlePx, right: phase === 'passed' ? handlePx : 0 }}
        role="status"
      >
        {label}
      </span>
      <div
        className={styles.handle}
        style={{ width: handlePx, transform: `translateX(${leftPx}px)` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => void onPointerUp()}
        onPointerCancel={() => void onPointerUp()}
        role="slider"
        aria-label={MSG.captchaHint}
        aria-valuemin={0}
        aria-valuemax={TRACK - HANDLE}
        aria-valuenow={Math.round(x)}
        data-testid={handleTestId}
      >
        {phase === 'passed' ? (
          <CheckOutlined />
        ) : phase === 'failed' ? (
          <CloseOutlined />
        ) : phase === 'loading' || phase === 'checking' ? (
          <LoadingOutlined />
        ) : (
          <DoubleRightOutlined />
        )}
      </div>
    </div>
  );
}
