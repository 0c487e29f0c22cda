import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

// docs/domain/screens.md, Routes: a hash in the URL scrolls smoothly to its element. Screens load lazily, so the
// element may appear after the navigation: watch the page until it does.
export function HashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const scroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return target !== null;
    };
    if (scroll()) return;
    const observer = new MutationObserver(() => {
      if (scroll()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [hash]);
  return null;
}
