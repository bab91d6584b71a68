/**
 * Members' attachments as Discord describes them, the guarded download the file reader uses
 * (files/readFiles.ts reads them), and sizes in words.
 */

/** An attachment as Discord describes it. */
export interface AttachmentInfo {
  readonly name: string;
  readonly url: string;
  readonly size: number;
  readonly contentType: string | null | undefined;
}

/** `12 KB`, `2.3 MB`: a size as members read it, rounded up (a file just over a limit reads as over it). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(Math.ceil(bytes / ((1024 * 1024) / 10)) / 10).toFixed(1)} MB`;
}

/**
 * The guarded download of any file (images/download.ts `downloadFile`, which the composition root
 * passes): never throws; a failure's reason in words for the model.
 */
export interface FileDownloader {
  downloadFile(
    url: string,
    maxBytes: number,
    signal?: AbortSignal,
  ): Promise<
    | { readonly ok: true; readonly bytes: Buffer }
    | { readonly ok: false; readonly reason: string; readonly tooLarge?: boolean }
  >;
}
