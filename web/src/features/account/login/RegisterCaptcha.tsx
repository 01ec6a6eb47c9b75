import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { CheckOutlined, CloseOutlined, DoubleRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { GATE_LIMITS, MSG, type CaptchaChallenge } from '@wanxiang/contract';
import { registerCaptchaChallenge, registerCaptchaVerify } from '../../../api/auth';
import { HANDLE, positionFor, pushTrail, scaleOf, TRACK } from './register-slider';
// The track's look is shared with the phone-binding slider.
import slider from '../bind-phone/bind-phone.module.css';

type Phase = 'loading' | 'idle' | 'dragging' | 'checking' | 'failed' | 'passed';

interface Props {
  /** Called with the server's one-use token after a drag it accepted. */
  onPass(token: string): void;
  /** Change it to start over with a new challenge (after the token was used). */
  resetKey: number;
}

/**
 * The register slider of the login dialog (shell 5): drag the handle to x=200 of a 260 track.
 * The server checks the drag and answers a one-use token (验证成功) or 验证失败，请重新操作,
 * which holds 1 s before a new challenge.
 */
export function RegisterCaptcha({ onPass, resetKey }: Props) {
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
      challenge.current = await registerCaptchaChallenge();
    } catch {
      // Without a challenge the drag fails on the server and the slider starts over.
    }
    if (mounted.current) setPhase('idle');
  }, []);

  useEffect(() => {
    mounted.current = true;
    void fresh();
    return () => {
      mounted.current = false;
    };
  }, [fresh, resetKey]);

  useEffect(() => {
    const el = trackRef.current;
    if (!el) return;
    const measure = () => setTrackPx(el.clientWidth || TRACK);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const scale = scaleOf(trackPx);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (phase !== 'idle') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, t0: performance.now(), trail: [[0, 0]], x: 0 };
    setPhase('dragging');
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.x = positionFor(e.clientX - d.startX, scale);
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
      const pass = await registerCaptchaVerify({ id: c.id, x: Math.round(d.x), trail: d.trail });
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
  const leftPx = (phase === 'passed' ? TRACK - HANDLE : phase === 'failed' ? 0 : x) * scale;
  const fillPx = phase === 'failed' ? trackPx : leftPx + handlePx / 2;
  const label =
    phase === 'passed' ? MSG.captchaSuccess : phase === 'failed' ? MSG.captchaFailed : phase === 'loading' ? '' : MSG.captchaHint;

  return (
    <div
      ref={trackRef}
      className={`${slider.track} ${phase === 'passed' ? slider.trackPassed : ''} ${phase === 'failed' ? slider.trackFailed : ''}`}
      // Inline so it wins over the shared track's 460 px whatever order the stylesheets load in.
      style={{ maxWidth: TRACK }}
      data-testid="register-captcha"
      data-phase={phase}
    >
      <div className={slider.fill} style={{ width: fillPx }} />
      <span
        className={slider.trackLabel}
        style={{ left: phase === 'passed' ? 0 : handlePx, right: phase === 'passed' ? handlePx : 0 }}
        role="status"
      >
        {label}
      </span>
      <div
        className={slider.handle}
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
        data-testid="register-captcha-handle"
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
