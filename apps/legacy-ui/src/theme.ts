// The shell's colour scheme in the frame (`theme`, PROTOCOL.md). Until the shell says, the frame
// follows prefers-color-scheme (theme.css); once it has, `data-theme` pins the shell's choice.

/** Applies the shell's scheme to `root` (the frame's <html>). */
export function applyTheme(root: HTMLElement, scheme: 'light' | 'dark'): void {
  root.dataset.theme = scheme;
  root.style.colorScheme = scheme;
}
