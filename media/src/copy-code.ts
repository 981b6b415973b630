// A code block's Copy button (both webviews): sends the block's code, not the button's label, and
// says "Copied" for a moment so the click is seen to have worked.
export function copyCode(button: HTMLButtonElement, send: (text: string) => void): void {
  const code = button.closest('pre')?.querySelector('code');
  if (!code) return;
  send(code.textContent ?? '');
  button.textContent = 'Copied';
  setTimeout(() => { button.textContent = 'Copy'; }, 1500);
}
