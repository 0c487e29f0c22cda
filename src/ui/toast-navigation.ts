// The toasts render outside the router; a link in one goes through the app's own navigation, which the shell hands
// over here once it is inside the router. Without it (a test rendering a lone screen) a link is a plain link.
let navigator: ((to: string) => void) | null = null;

export function setToastNavigator(navigate: ((to: string) => void) | null): void {
  navigator = navigate;
}

export function toastNavigator(): ((to: string) => void) | null {
  return navigator;
}
