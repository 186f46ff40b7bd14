/** Menu labels as Electron shows them: `&` marks a keyboard mnemonic on Windows and Linux, so agent text must escape it. */

/** The label to hand to Electron for `text`: `&` doubled off macOS (where it is shown as is). */
export function menuLabel(text: string, platform: NodeJS.Platform): string {
  return platform === 'darwin' ? text : text.replace(/&/g, '&&');
}
