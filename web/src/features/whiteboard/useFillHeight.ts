import { useEffect, useState, type RefObject } from 'react';

/**
 * The height that makes an element reach the bottom of the window from where it starts. The shell
 * above the page differs (promo banner, the phone's nav row), and Excalidraw needs a container of a
 * definite height, so it is measured rather than guessed; null until measured.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>, min: number): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Elements above can appear or go (a banner closed): measure again when the layout shifts.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    if (observer && ref.current?.parentElement) observer.observe(ref.current.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, min]);
  return height;
}
