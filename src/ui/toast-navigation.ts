// The toasts render outside the router; a link in one goes through the app's own navigation, which the shell hands
// over here once it is inside the router. Without it (a test rendering a lone screen) a link is a plain link.
let navigator: ((to: string) => void) | null = null;

export function setToastNavigator(navigate: ((to: string) => void) | null): void {
  navigator = navigate;
}

export function toastNavigator(): ((to: string) => void) | null {
  return navigator;
}

// How many pages the user has been on: a toast's links belong to the page it was raised on and the one the save
// went to, and are taken away on the page after (where the same actions stand on the screen itself).
let pagesSeen = 0;
let onPageChange: ((page: number) => void) | null = null;

export function currentPage(): number {
  return pagesSeen;
}

export function pageChanged(): void {
  pagesSeen += 1;
  onPageChange?.(pagesSeen);
}

export function whenPageChanges(listener: (page: number) => void): void {
  onPageChange = listener;
}
