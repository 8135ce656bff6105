import { useEffect, useState } from 'react';

/**
 * Turns true once the element given to the returned ref comes within `margin` of the viewport (and stays
 * true): a part far below the fold, on a phone especially, is fetched only when the shopper scrolls
 * towards it.
 */
export function useIsNearViewport<T extends Element>(margin = '400px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, isNear, margin]);

  return [setElement, isNear];
}
