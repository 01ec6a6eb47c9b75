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
    let applied = '';
    const fit = () => {
      frame = 0;
      const top = Math.max(0, el.getBoundingClientRect().top);
      const value = `${Math.max(240, window.innerHeight - top)}px`;
      if (value === applied) return;
      applied = value;
      el.style.setProperty('--wx-sidebar-max-h', value);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(fit);
    };
    // Scroll events do not bubble, so listen in the capture phase, but only to scrollers that hold
    // the sidebar: a chat list auto-scrolling as a reply streams cannot move it (QUALITY G11).
    const onScroll = (e: Event) => {
      if (e.target instanceof Node && e.target.contains(el)) schedule();
    };
    fit();
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [ref]);
}
