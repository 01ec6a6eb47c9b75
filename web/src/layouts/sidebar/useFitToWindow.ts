import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keep a sticky sidebar no taller than the window below its top edge. The top moves while a
 * promo poster above the header scrolls away, so it is measured on scroll and resize; the list
 * inside scrolls and the banners and the toggle stay in view. Sets --wx-sidebar-max-h.
 */
export function useFitToWindow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const fit = () => {
      frame = 0;
      const top = Math.max(0, el.getBoundingClientRect().top);
      el.style.setProperty('--wx-sidebar-max-h', `${Math.max(240, window.innerHeight - top)}px`);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    fit();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [ref]);
}
