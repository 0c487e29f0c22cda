import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { toastDuration, toaster } from '../../ui/toaster.tsx';

export type RefusedRedirectProps = { to: string; sentence: string };

// SPEC sends a user without the permission from a screen to its list; the toast tells them why, so that a clerk
// who followed a link to a form does not land on the list without a word. One toast per sentence, however often
// the screen renders on the way out.
export function RefusedRedirect({ to, sentence }: RefusedRedirectProps) {
  useEffect(() => {
    if (!toaster.isVisible(sentence)) {
      toaster.create({ id: sentence, title: sentence, type: 'warning', duration: toastDuration });
    }
  }, [sentence]);
  return <Navigate to={to} replace />;
}
