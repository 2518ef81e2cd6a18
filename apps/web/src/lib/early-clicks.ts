// No imports: the entry uses it before the app's code has loaded.

/**
 * Holds the clicks on the buttons of a screen the server drew that come before the app has taken the screen over:
 * they would do nothing (or send a form by themselves). The returned function stops holding and clicks them again,
 * for the app to act on, once it has taken over. (Links are left alone: they work without the app.)
 */
export function holdEarlyClicks(): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const button of held) if (button.isConnected) button.click();
  };
}
