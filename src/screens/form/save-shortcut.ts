import { type RefObject, useEffect } from 'react';

// Ctrl+Enter (Cmd+Enter on a Mac) saves the screen's form as its Save button does, wherever the focus is on the
// page (a cashier lands on a prefilled payment and saves it at once), except inside a dialog, which has its own.
export function useSaveShortcut(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) return;
      if (!form.current) return;
      event.preventDefault();
      form.current.requestSubmit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [form]);
}
