/** How copying went: copied, copy failed, or not supported (the clipboard needs HTTPS). */
export type CopyResult = 'copied' | 'copyFailed' | 'needsHttps';

export const COPY_TEXT = {
  copied: 'common.copied',
  copyFailed: 'common.copyFailed',
  needsHttps: 'common.copyNeedsHttps',
} as const satisfies Record<CopyResult, string>;

/** Copies `text` to the clipboard, which browsers offer on secure (HTTPS) pages only. */
export async function copyText(text: string): Promise<CopyResult> {
  if (!window.isSecureContext || !navigator.clipboard) return 'needsHttps';
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'copyFailed';
  }
}
